import { defaultRunOptions } from '../engine/api.js';
import { SessionHost } from '../host/session-host.js';
import { startApp } from './app.js';
import { desktopBackend } from './session-backend.js';

// The built main script's folder holds session-worker.js (electron.vite.config.ts builds both).
void startApp(() => new SessionHost(desktopBackend(__dirname, defaultRunOptions)), __dirname);

import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { defaultRunOptions } from '../engine/api.js';
import { SessionHost, defaultBackend } from '../host/session-host.js';
import { startApp } from './app.js';

// The built main script's folder holds session-worker.js (electron.vite.config.ts builds both).
void startApp(() => new SessionHost(defaultBackend(pathToFileURL(join(__dirname, 'session-worker.js')), defaultRunOptions)), __dirname);

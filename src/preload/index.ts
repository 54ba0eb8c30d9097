import { contextBridge, ipcRenderer } from 'electron';
import type { EngineEvent } from '../engine/api.js';

/** The only API the renderer gets: open a file, run it, hear its events. */
const api = {
  openFile: (): Promise<string | null> => ipcRenderer.invoke('warpscope:open') as Promise<string | null>,
  run: (file: string, args: string[]): Promise<boolean> => ipcRenderer.invoke('warpscope:run', file, args) as Promise<boolean>,
  onEvent: (listener: (e: EngineEvent) => void): void => {
    ipcRenderer.on('warpscope:event', (_event, e: EngineEvent) => listener(e));
  },
};

export type WarpscopeApi = typeof api;
contextBridge.exposeInMainWorld('warpscope', api);

import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { BRIDGE_KEY, CHANNELS, type WarpscopeBridge } from '../protocol/bridge.js';
import type { SessionEvent } from '../protocol/messages.js';

/** The only API the page gets: send session commands, hear session events, open a dropped file. */
const bridge: WarpscopeBridge = {
  send: (cmd) => ipcRenderer.send(CHANNELS.command, cmd),
  onEvent: (listener) => {
    const handler = (_e: IpcRendererEvent, event: SessionEvent): void => listener(event);
    ipcRenderer.on(CHANNELS.event, handler);
    return () => void ipcRenderer.removeListener(CHANNELS.event, handler);
  },
  // A sandboxed page cannot see where a dropped file lives; Electron tells the preload, and main checks it.
  openFile: (file) => ipcRenderer.send(CHANNELS.drop, webUtils.getPathForFile(file)),
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);

import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_KEY, CHANNELS, type WarpscopeBridge } from '../protocol/bridge.js';
import type { SessionEvent } from '../protocol/messages.js';

/** The only API the page gets: send session commands, hear session events. */
const bridge: WarpscopeBridge = {
  send: (cmd) => ipcRenderer.send(CHANNELS.command, cmd),
  onEvent: (listener) => {
    const handler = (_e: IpcRendererEvent, event: SessionEvent): void => listener(event);
    ipcRenderer.on(CHANNELS.event, handler);
    return () => void ipcRenderer.removeListener(CHANNELS.event, handler);
  },
};

contextBridge.exposeInMainWorld(BRIDGE_KEY, bridge);

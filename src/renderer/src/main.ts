import { mount } from 'svelte';
import App from './App.svelte';
import { pickClient } from './client/session-client';
import { SessionStore } from './store/session-store';

const store = new SessionStore(pickClient(window));
mount(App, { target: document.getElementById('app')!, props: { store } });
// Ask for the session as it stands (a reloaded page or a second browser joins a running one).
store.send({ kind: 'sync' });

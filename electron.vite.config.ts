import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Main and preload bundle for Node; the debugging session runs in a child process of the system
// Node (session-worker.js beside index.js: src/main/session-backend.ts), its program runs on a
// big-stack thread (recorder.js), and a recording stores its trace from a worker of its own
// (trace-sink.js beside the chunk that starts it).
export default defineConfig({
  main: {
    build: {
      rollupOptions: {
        input: { index: resolve('src/main/index.ts'), 'session-worker': resolve('src/host/session-worker.ts'), 'trace-sink': resolve('src/trace/sink-worker.ts'), recorder: resolve('src/debug/recorder-worker.ts') },
        // Shared chunks sit beside the entries, so a chunk's `./trace-sink.js` is the built worker.
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  // A sandboxed preload runs as a classic script, so it must be CommonJS.
  preload: {
    build: { rollupOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].js' } } },
  },
  renderer: {
    root: 'src/renderer',
    build: { rollupOptions: { input: resolve('src/renderer/index.html') } },
    plugins: [svelte()],
  },
});

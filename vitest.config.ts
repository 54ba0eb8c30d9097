import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  // Panels' component tests render .svelte files (server-side, no DOM needed).
  plugins: [svelte({ configFile: false })],
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});

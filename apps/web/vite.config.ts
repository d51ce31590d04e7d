import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dev server forwards every server path to the API on its default port.
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/dev': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks a page loads (bench/start measures the first page).
    manifest: true,
  },
});

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
    rolldownOptions: {
      output: {
        // The first page's libraries (everything the entry imports statically from
        // node_modules) in two chunks, React's and the rest, instead of one chunk per shared
        // module: some 40 small files gzip worse than two large ones, and the libraries stay
        // cached while the app's own code changes. Two, to keep each under Vite's 500 kB warning.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 1,
            },
            { name: 'first-page-libs', tags: ['$initial'], test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [
    react(),
    // Brotli and gzip copies of the hashed assets, made once at build time; the server sends
    // them as they are (index.html is not compressed: the server injects into it per request).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg|json)$/,
      threshold: 1024,
    }),
  ],
  server: {
    proxy: {
      '/app-rest': apiTarget,
      '/site-config': apiTarget,
      '/api-docs': apiTarget,
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change far less often than the app, so they get their own
          // long-cached chunk. MUI stays with the automatic splitting: grouping it would pull
          // the components only lazy pages use into the first load.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

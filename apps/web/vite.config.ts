/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Where `npm run dev` sends /api; API_TARGET lets several dev servers run side by side.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    // Every browser we serve has module preloading; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one cacheable file instead of being split
        // by whichever of our modules first imported them (issue 13: initial JS ≤ 110 KB br).
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 3,
            },
            { name: 'shell', tags: ['$initial'], priority: 2 },
            {
              name: 'pages-common',
              test: (id) =>
                /apps[\\/]web[\\/]src[\\/]|packages[\\/]shared[\\/]src[\\/].*texts|lucide-react/.test(
                  id,
                ) && !/schema|resolver|form-rules|zod/.test(id),
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});

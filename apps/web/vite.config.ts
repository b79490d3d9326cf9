import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { configDefaults } from 'vitest/config';
import { pageGroups } from './chunk-groups';
import { compileHints, pagePreloads, serviceWorker } from './vite-plugins';

// Where `npm run dev` sends /api; API_TARGET lets several dev servers run side by side.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * Test files that replace or reload modules (vi.mock, vi.doMock, vi.resetModules): a mock only
 * takes when its module is imported afresh, so these run isolated (vitest.isolated.config.ts).
 * Found by reading the files, so a new one cannot land among the shared ones by mistake.
 */
export const moduleMockingTests = readdirSync(path.join(import.meta.dirname, 'src'), {
  recursive: true,
  encoding: 'utf8',
})
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.posix.join('src', file.split(path.sep).join('/')))
  .filter((file) =>
    /\bvi\.(mock|doMock|resetModules)\(/.test(
      readFileSync(path.join(import.meta.dirname, file), 'utf8'),
    ),
  );

export default defineConfig({
  plugins: [react(), compileHints, pagePreloads, serviceWorker],
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
        // Few files, because on a phone each costs a round trip: the libraries every
        // page needs travel as one cacheable file; the rest of the entry stays in the entry;
        // code two pages share goes in the files of chunk-groups.ts instead of one per set of
        // pages (40 files on the home page). zod's modules stay out of them: zod loads when a
        // form first validates.
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 4,
            },
            { name: 'shell', tags: ['$initial'], priority: 3 },
            ...pageGroups,
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...moduleMockingTests],
    setupFiles: ['./src/test/setup.ts'],
    // The calendar's tests take about 2 s each while two runs share two cores, and took over 5 s
    // on a busier host: Vitest's 5 s would judge the host, not the code.
    testTimeout: 15_000,
    // Files share their worker's modules and jsdom instead of starting both afresh, which took
    // two thirds of the project's time; each test resets what it sets (src/test/setup.ts).
    isolate: false,
  },
});

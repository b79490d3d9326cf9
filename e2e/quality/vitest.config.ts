import { defineConfig } from 'vitest/config';

// Scores and timings need the machine to themselves: this runs after every other suite.
export default defineConfig({
  test: {
    name: 'quality',
    root: import.meta.dirname,
    include: ['*.e2e.ts'],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});

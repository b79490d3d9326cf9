import { defineConfig } from 'vitest/config';

// Scores and timings need the machine to themselves: this runs after every other suite.
export default defineConfig({
  test: {
    name: 'quality',
    root: import.meta.dirname,
    include: ['*.e2e.ts'],
    globalSetup: ['../support/data-template.ts'],
    testTimeout: 900_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // A score moves a few points between runs of one build: a page that really got slower fails
    // twice, a run that drew a slow sample gets one more.
    retry: 1,
  },
});

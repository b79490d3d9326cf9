import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // After the other projects, a group of its own.
    sequence: { groupOrder: 1 },
  },
});

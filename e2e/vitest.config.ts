import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['*.e2e.ts'],
    globalSetup: ['./support/data-template.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A journey polls what a page shows while a real server and browser share the host with the
    // other journey: Vitest's 1 s would judge the host. Playwright's own waits default to 30 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // After the other projects, a group of its own.
    sequence: { groupOrder: 1 },
  },
});

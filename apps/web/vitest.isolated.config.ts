import { defineConfig } from 'vite';
import web, { moduleMockingTests } from './vite.config';

/** The web tests that mock or reload modules, each file in a fresh module graph and jsdom. */
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: 'web:isolated',
    include: moduleMockingTests,
    exclude: [],
    isolate: true,
  },
});

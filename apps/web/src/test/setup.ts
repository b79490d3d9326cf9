import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after 1 s by default: a lazy chunk or a busy host can take longer.
configure({ asyncUtilTimeout: 3_000 });

// Forms load their rules (zod) on first use, an import a busy host may take a second over. Loaded
// here, a refusal shows within the submit's own turn, as once they have loaded in a session.
import.meta.glob(
  ['../features/*/*-resolver{,s}.ts', '../features/*/*-rules.ts', '../features/*/*-schema.ts'],
  { eager: true },
);

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

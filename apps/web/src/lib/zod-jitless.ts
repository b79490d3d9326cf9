import { config } from 'zod/v4/core';

// zod probes `new Function` when its first object schema is built, which a strict CSP reports
// as an eval violation; jitless skips the probe. Imported before any schema exists.
config({ jitless: true });

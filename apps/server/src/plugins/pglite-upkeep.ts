import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isEmbedded } from '../db/client';
import { tidyTables } from '../db/pglite-upkeep';
import { hourlySweep } from '../lib/hourly-sweep';

/** PGlite's tables tidied each hour, as PostgreSQL's autovacuum would (db/pglite-upkeep.ts). */
export default fp(
  async function pgliteUpkeepPlugin(app: FastifyInstance) {
    if (!isEmbedded(app.db)) return;
    hourlySweep(app, async () => {
      const started = performance.now();
      try {
        const tables = await tidyTables(app.db);
        app.log.info({ tables, ms: Math.round(performance.now() - started) }, 'tables tidied');
      } catch (err) {
        app.log.warn({ err }, 'tidying the tables failed');
      }
    });
  },
  { name: 'pglite-upkeep' },
);

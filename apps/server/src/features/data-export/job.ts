import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { depsOf } from '../../deps';
import { hourlySweep } from '../../lib/hourly-sweep';
import { createArchiveMaker } from './make-archive';
import {
  REMOVE_ARCHIVES_JOB,
  removeArchivesOfLeaving,
  removeOldArchives,
  type RemoveArchivesJob,
} from './retention';
import { DATA_EXPORT_JOB } from './service';

/**
 * 30 s, 2 min, 8 min, then 32 min after the first failure: within the hour the member either
 * has the archive or may ask again (a failed one does not count against the day).
 */
const ARCHIVE_ATTEMPTS = 5;

/**
 * The archives' work outside requests, on every process: making them (a job), removing a
 * leaving member's (a job their deletion stores), and the hourly sweep of expired ones.
 */
export default fp(
  async function dataExportJobsPlugin(app: FastifyInstance) {
    const deps = depsOf(app);
    app.jobs.handle(DATA_EXPORT_JOB, createArchiveMaker(deps), { attempts: ARCHIVE_ATTEMPTS });
    app.jobs.handle(REMOVE_ARCHIVES_JOB, ({ keys }: RemoveArchivesJob) =>
      app.archives.removeAll(keys),
    );
    app.memberSteps.leaving.push((tx, userId) => removeArchivesOfLeaving(deps, tx, userId));
    hourlySweep(app, () =>
      removeOldArchives(deps).then(
        (count) => {
          if (count) app.log.info({ count }, 'removed expired archives');
        },
        (err: unknown) => app.log.warn({ err }, 'removing expired archives failed'),
      ),
    );
  },
  { name: 'data-export-jobs', dependencies: ['jobs', 'storage'] },
);

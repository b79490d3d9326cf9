import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { AccountLimits } from './plugins/account-limits';
import type { EventBus } from './plugins/events';
import type { Jobs } from './plugins/jobs';
import type { Mailer } from './plugins/mailer';
import type { MemberSteps } from './plugins/member-steps';
import type { Storage } from './plugins/storage';
import type { AccessTokens } from './lib/access-tokens';
import type { ArchiveStore } from './lib/archive-store';

/**
 * What services and use-cases may be given, each taking only the part it uses
 * (`Pick<Deps, 'db' | 'events'>`): plain values, so a test hands them a database and a recording
 * bus without building the app. The platform plugins decorate the app with the same values, and
 * routes pass them on.
 */
export type Deps = {
  db: Db;
  events: EventBus;
  storage: Storage;
  archives: ArchiveStore;
  mailer: Mailer;
  accessTokens: AccessTokens;
  accountLimits: AccountLimits;
  jobs: Jobs;
  config: Config;
  log: FastifyBaseLogger;
  /** Sockets are closed through the bus, on every process: only that part is a dependency. */
  live: Pick<FastifyInstance['live'], 'disconnect'>;
  isAdmin: FastifyInstance['isAdmin'];
  /** What features added to the use-cases that change a member (confirm, delete). */
  memberSteps: MemberSteps;
};

/** The app's platform values as `Deps`, for a feature's routes to hand to its services. */
export const depsOf = (app: FastifyInstance): Deps => ({
  db: app.db,
  events: app.events,
  storage: app.storage,
  archives: app.archives,
  mailer: app.mailer,
  accessTokens: app.accessTokens,
  accountLimits: app.accountLimits,
  jobs: app.jobs,
  config: app.config,
  log: app.log,
  live: app.live,
  isAdmin: app.isAdmin,
  memberSteps: app.memberSteps,
});

import { API_BASE } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import adminRoutes from './features/admin/routes';
import { createCodeBook } from './features/auth/code-service';
import authRoutes from './features/auth/routes';
import calendarFeedRoutes from './features/calendar/feed-routes';
import calendarRoutes from './features/calendar/routes';
import followsRoutes from './features/follows/routes';
import healthRoutes from './features/health/routes';
import messagesLive from './features/messages/live';
import messagesRoutes from './features/messages/routes';
import moneyMemberSteps from './features/money/member-steps';
import moneyRoutes from './features/money/routes';
import notificationsLive from './features/notifications/live';
import notificationsRetentionJob from './features/notifications/retention-job';
import notificationsRoutes from './features/notifications/routes';
import postsRoutes from './features/posts/routes';
import pushJob from './features/push/job';
import pushKeyRoutes from './features/push/key-routes';
import pushRoutes from './features/push/routes';
import { resolveVapidKeys } from './features/push/vapid-keys';
import safetyRoutes from './features/safety/routes';
import dataExportJob from './features/data-export/job';
import dataExportRoutes from './features/data-export/routes';
import securityDeviceRoutes from './features/security/device-routes';
import securityPasskeyRoutes from './features/security/passkey-routes';
import securityPasskeySignInRoutes from './features/security/passkey-sign-in-routes';
import securityRoutes from './features/security/routes';
import securitySignInRoutes from './features/security/sign-in-routes';
import reportsRoutes from './features/reports/routes';
import tournamentMemberSteps from './features/tournament/member-steps';
import tournamentRoutes from './features/tournament/routes';
import uploadsCleanupJob from './features/uploads/cleanup-job';
import uploadsRoutes from './features/uploads/routes';
import usersRoutes from './features/users/routes';
import widgetsRoutes from './features/widgets/routes';
import { webDistFolder } from './lib/paths';
import { secretBox } from './lib/secret-box';
import compressionPlugin from './plugins/compression';
import { guarded } from './plugins/guards';
import webPlugin from './plugins/web';

export type FeatureOptions = {
  jwtSecret: string;
  uploadsDir: string;
  /** The built SPA; tests point it at a folder of their own. */
  webDist?: string;
};

/**
 * The product on top of the platform: what features do when a member is confirmed or leaves
 * (plugins/member-steps.ts), the features' routes under /api (and the hourly sweeps of abandoned
 * uploads and old notifications), then the web app and the uploaded files for every other path.
 */
export async function registerFeatures(app: FastifyInstance, options: FeatureOptions) {
  // Steps run in the order added, so every deletion takes its locks in one order: the member's
  // accounts, then the bracket.
  await app.register(moneyMemberSteps);
  await app.register(tournamentMemberSteps);
  await app.register(uploadsCleanupJob);
  await app.register(notificationsRetentionJob);
  await app.register(dataExportJob);
  const vapid = await resolveVapidKeys(app.config);
  await app.register(pushJob, { vapid });
  const totpBox = secretBox(options.jwtSecret, 'totp secrets');
  await app.register(
    async (api) => {
      // API answers only: the web app's files are compressed at build time (plugins/web.ts).
      await api.register(compressionPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes, { codes: createCodeBook(options.jwtSecret) });
      await api.register(securitySignInRoutes, { box: totpBox });
      await api.register(securityPasskeySignInRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(messagesLive);
      await api.register(notificationsLive);
      await api.register(pushKeyRoutes, { vapid });
      // Every other route is a signed-in member's; features raise the bar for some of theirs.
      await api.register(
        guarded('requireUser', async (members) => {
          await members.register(usersRoutes);
          await members.register(postsRoutes);
          await members.register(uploadsRoutes);
          await members.register(followsRoutes);
          await members.register(safetyRoutes);
          await members.register(securityRoutes, { box: totpBox });
          await members.register(securityDeviceRoutes);
          await members.register(securityPasskeyRoutes, { box: totpBox });
          await members.register(dataExportRoutes);
          await members.register(messagesRoutes);
          await members.register(notificationsRoutes);
          await members.register(moneyRoutes);
          await members.register(calendarRoutes);
          await members.register(tournamentRoutes);
          await members.register(adminRoutes);
          await members.register(reportsRoutes);
          await members.register(widgetsRoutes);
          await members.register(pushRoutes);
        }),
      );
    },
    { prefix: API_BASE },
  );

  await app.register(webPlugin, {
    uploadsDir: options.uploadsDir,
    webDist: options.webDist ?? webDistFolder,
  });
}

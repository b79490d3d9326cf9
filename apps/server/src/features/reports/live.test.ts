import { SAFETY_MESSAGES, WS_CLOSE } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { useTwoProcesses } from '../../test/app';
import { createMember } from '../../test/factories';
import {
  arrived,
  caughtUp,
  connectLive,
  eventually,
  type LiveClient,
} from '../../test/live-client';
import { reported, reportRows } from '../../test/reports';

const t = useAdminPanel(['chief@live.example', 'deputy@live.example']);

const openInTable = async () => (await reportRows(t.ctx, sql`status = 'open'`)).length;

/** Resolves once `live` heard the open count `open`. */
const heardOpen = (live: LiveClient, open: number) =>
  arrived(live, () => live.of('reports:open').some((event) => event.data.open === open));

describe('reports:open', () => {
  it("reaches every admin's sockets when a report comes and when it is resolved, never a member's", async () => {
    const [reporter, author] = [await createMember(t.ctx), await createMember(t.ctx)];
    const chief = await connectLive(t.ctx.app, t.admin.token);
    const deputy = await connectLive(t.ctx.app, t.admins[1]!.token);
    const bystander = await connectLive(t.ctx.app, t.member.token);
    const open = await openInTable();

    const report = await reported(reporter, { targetType: 'user', targetId: author.id });
    await Promise.all([heardOpen(chief, open + 1), heardOpen(deputy, open + 1)]);

    // Reporting again changes nothing: no frame.
    await reported(reporter, { targetType: 'user', targetId: author.id });
    const resolved = await t.admin.client.post(`/admin/reports/${report.id}/resolve`, {
      action: 'dismiss',
    });
    expect(resolved.statusCode).toBe(200);
    await Promise.all([heardOpen(chief, open), heardOpen(deputy, open)]);
    expect(chief.of('reports:open').map((event) => event.data.open)).toEqual([open + 1, open]);

    await caughtUp(t.ctx.app, bystander, t.member.id);
    expect(bystander.of('reports:open')).toEqual([]);
    for (const live of [chief, deputy, bystander]) live.close();
  });
});

// Across processes the frames and the closing travel through Redis, as every bus message does.
describe.runIf(process.env.TEST_REDIS_URL)('across two processes (Redis)', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it("the open count reaches an admin's socket, and a suspension closes a socket, on the other process", async () => {
    const { one, two } = processes;
    const [admin, reporter, author] = [
      await createMember(one),
      await createMember(one),
      await createMember(one),
    ];
    await one.app.db.execute(sql`update users set promoted_admin = true where id = ${admin.id}`);
    const adminThere = await connectLive(two.app, admin.token);
    const authorThere = await connectLive(two.app, author.token);
    await reported(reporter, { targetType: 'user', targetId: author.id });
    await heardOpen(adminThere, 1);

    const response = await admin.client.post(`/admin/user/${author.id}/suspend`, {
      reason: 'spam',
    });
    expect(response.statusCode, response.body).toBe(200);
    await eventually(() => authorThere.closed.code !== undefined);
    expect(authorThere.closed.code).toBe(WS_CLOSE.suspended);
    // What sign-in would answer, so the tab can tell the member why it ended.
    expect(authorThere.closed.reason).toBe(SAFETY_MESSAGES.suspended);
    adminThere.close();
  });
});

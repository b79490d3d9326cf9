import { eq } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseTarget } from '../../apps/server/src/db/client';
import { auditLog, refreshTokens, users } from '../../apps/server/src/db/schema/index';
import { startSession } from '../../apps/server/src/db/sessions';
import { hashPassword, verifyPassword } from '../../apps/server/src/lib/passwords';
import { runAdmin } from './admin';

export const OLD_PASSWORD = 'Before1!pass';

/** Ada (confirmed, one session) and Bob (confirmed, the address ADMIN_EMAILS lists in tests). */
export async function seedMembers(target: DatabaseTarget) {
  const database = await openDatabase(target);
  const passwordHash = await hashPassword(OLD_PASSWORD);
  const [ada] = await database.db
    .insert(users)
    .values([
      { email: 'ada@example.com', username: 'ada', passwordHash, isVerified: true },
      { email: 'bob@example.com', username: 'bob', passwordHash, isVerified: true },
    ])
    .returning();
  const device = { userAgent: 'admin fixture', ip: '127.0.0.1' };
  await startSession(database.db, ada!.id, device, { name: 'fixture', unseenDays: 90 });
  await database.close();
}

/** The CLI as `npm run admin` runs it, in this process: its exit code and what it printed. */
export async function admin(env: NodeJS.ProcessEnv, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** What the commands left in the database, read after the CLI closed it. */
export async function stateOf(database: Database, email: string, password: string) {
  const [member] = await database.db.select().from(users).where(eq(users.email, email));
  const audit = await database.db
    .select({
      actorId: auditLog.actorId,
      actorUsername: auditLog.actorUsername,
      action: auditLog.action,
      targetId: auditLog.targetId,
    })
    .from(auditLog)
    .orderBy(auditLog.id);
  const sessions = await database.db
    .select({ revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, member!.id));
  return {
    member: member!,
    passwordWorks: await verifyPassword(member!.passwordHash, password),
    audit,
    openSessions: sessions.filter((session) => session.revokedAt === null).length,
  };
}

import { emailSchema, LIMITS, strongPasswordSchema, STRONG_PASSWORD } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { App } from '../../apps/server/src/app';
import { describeAdmin, listAdmins } from '../../apps/server/src/db/admins';
import { COMMAND_LINE_ACTOR, recordAudit } from '../../apps/server/src/db/audit';
import { users } from '../../apps/server/src/db/schema/index';
import { revokeSessions } from '../../apps/server/src/db/sessions';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { replacePassword } from '../../apps/server/src/use-cases/replace-password';

/** A refusal the operator can act on: its message is printed and the command exits 1. */
export class AdminCommandError extends Error {
  override name = 'AdminCommandError';
}

/** What a command says: lines for the terminal. */
type Said = string[];

async function findMember(app: App, email: string) {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new AdminCommandError(`Not an e-mail address: ${email}`);
  const [member] = await app.db.select().from(users).where(eq(users.email, parsed.data));
  if (!member) throw new AdminCommandError(`No member has the e-mail address ${parsed.data}`);
  return member;
}

const named = (member: { username: string; email: string }) =>
  `${member.username} <${member.email}>`;

export async function promote(app: App, email: string): Promise<Said> {
  const member = await findMember(app, email);
  if (member.promotedAdmin) return [`${named(member)} is already an admin; nothing changed`];
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ promotedAdmin: true }).where(eq(users.id, member.id));
    await recordAudit(tx, COMMAND_LINE_ACTOR, {
      action: 'user.promote',
      targetType: 'user',
      targetId: member.id,
      summary: `Made ${member.username} an admin from the command line`,
    });
  });
  // Every process forgets what it remembered of them: the next request sees the new role.
  await app.memberChanged(member.id);
  return [
    `${named(member)} is now an admin`,
    ...(member.isVerified ? [] : ['(their rights begin once they confirm their e-mail address)']),
  ];
}

export async function demote(app: App, email: string): Promise<Said> {
  const member = await findMember(app, email);
  const listed = app.config.adminEmails.has(member.email);
  if (!member.promotedAdmin) {
    if (listed) {
      throw new AdminCommandError(
        `${named(member)} is an admin because ADMIN_EMAILS lists the address: remove it there and restart the server`,
      );
    }
    return [`${named(member)} is not an admin; nothing changed`];
  }
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ promotedAdmin: false }).where(eq(users.id, member.id));
    await recordAudit(tx, COMMAND_LINE_ACTOR, {
      action: 'user.demote',
      targetType: 'user',
      targetId: member.id,
      summary: `Took admin rights from ${member.username} at the command line`,
    });
  });
  await app.memberChanged(member.id);
  return [
    `${named(member)} is no longer an admin`,
    ...(listed ? ['(but ADMIN_EMAILS still lists the address, which keeps them an admin)'] : []),
  ];
}

const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789@$!%*?&';
const GENERATED_LENGTH = 20;

/** 20 characters from a CSPRNG, drawn again until every class SPEC §5 asks for is present. */
function randomPassword() {
  for (;;) {
    const password = Array.from(
      { length: GENERATED_LENGTH },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)],
    ).join('');
    if (STRONG_PASSWORD.test(password)) return password;
  }
}

export async function resetPassword(
  app: App,
  email: string,
  given: string | undefined,
): Promise<Said> {
  if (given !== undefined) {
    // The shared schema's text for a password over the limit is the strength rule's, which reads
    // as if it were too short; here the one who typed it is told what is wrong.
    if (given.length > LIMITS.passwordMax)
      throw new AdminCommandError(
        `The password is too long: at most ${LIMITS.passwordMax} characters (this one has ${given.length}).`,
      );
    const checked = strongPasswordSchema.safeParse(given);
    if (!checked.success) throw new AdminCommandError(checked.error.issues[0]!.message);
  }
  const member = await findMember(app, email);
  const password = given ?? randomPassword();
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    await replacePassword(tx, member.id, passwordHash);
    // Whoever held the old password is signed out everywhere, as after a reset by e-mail.
    await revokeSessions(tx, member.id);
    await recordAudit(tx, COMMAND_LINE_ACTOR, {
      action: 'user.password-reset',
      targetType: 'user',
      targetId: member.id,
      summary: `Reset the password of ${member.username} from the command line`,
    });
  });
  await app.live.disconnect({ userId: member.id });
  await app.memberChanged(member.id);
  return [
    given === undefined
      ? `New password for ${named(member)}: ${password}`
      : `The password of ${named(member)} is changed`,
    'Their sessions have ended: they sign in again with the new password.',
  ];
}

export async function listAdminsCommand(app: App): Promise<Said> {
  const admins = await listAdmins(app.db, app.config.adminEmails);
  if (admins.length === 0)
    return ['No admins yet. Make one with `npm run admin -- promote <email>`.'];
  return admins.map(describeAdmin);
}

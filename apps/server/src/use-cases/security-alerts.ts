import type { NotedBrowser } from '../db/sessions';
import type { UserRow } from '../db/schema/index';
import type { Deps } from '../deps';
import { describeBrowser, maskAddress, type Device } from '../lib/device';
import { escapeHtml } from '../lib/html';
import type { Mail } from '../plugins/mailer';

function alertMail(
  user: Pick<UserRow, 'email' | 'username'>,
  subject: string,
  lines: string[],
): Mail {
  const closing = 'If this was not you, change your password now and check Settings → Security.';
  const text = [`Hi ${user.username},`, '', ...lines, '', closing, '', '— DevPlay'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1d23">
<p>Hi ${escapeHtml(user.username)},</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><strong>${escapeHtml(closing)}</strong></p>
<p>— DevPlay</p>
</body></html>`;
  return { to: user.email, subject, text, html };
}

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Mails the member that a second factor was added or removed, as a job (never lost). */
export async function alertFactorChange(
  { jobs }: Pick<Deps, 'jobs'>,
  user: Pick<UserRow, 'email' | 'username'>,
  factor: string,
  change: 'added' | 'removed',
) {
  const subject =
    change === 'added'
      ? `${factor} added to your DevPlay account`
      : `${factor} removed from your DevPlay account`;
  const line =
    change === 'added'
      ? `${factor} was added to your account on ${when(new Date())}; signing in now asks for it.`
      : `${factor} was removed from your account on ${when(new Date())}.`;
  await jobs.add('mail', alertMail(user, subject, [line]));
}

/** A browser unseen this long on an account makes its sign-in worth a mail. */
export const UNSEEN_DAYS = 90;

/**
 * Mails the member about a sign-in from a browser (its name and system) the account has not
 * used for UNSEEN_DAYS, as `startSession` noted it. An account's first sign-in on record is not
 * news.
 */
export async function alertNewBrowser(
  { jobs }: Pick<Deps, 'jobs'>,
  user: UserRow,
  device: Device,
  noted: NotedBrowser,
) {
  if (noted.browsersBefore === 0 || !noted.unseen) return;
  const seen = describeBrowser(device.userAgent);
  await jobs.add(
    'mail',
    alertMail(user, 'New sign-in to your DevPlay account', [
      `Your account was signed in to from a browser it has not used for ${UNSEEN_DAYS} days:`,
      `${seen.browser} on ${seen.os}, from ${maskAddress(device.ip)}, on ${when(new Date())}.`,
    ]),
  );
}

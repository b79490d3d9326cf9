import { DATA_EXPORT_MESSAGES } from '@devplay/shared';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../../plugins/mailer';

const pad = (value: number) => String(value).padStart(2, '0');

/** As the app shows times (day.month.year hour:minute), in UTC: the mail knows no time zone. */
const shownUtc = (date: Date) =>
  `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;

/** The archive is ready: where to download it, and until when. */
export function archiveReadyMail(
  user: { email: string; username: string },
  expiresAt: Date,
  publicUrl: string,
): Mail {
  const settings = `${publicUrl}/settings`;
  const until = `It can be downloaded until ${shownUtc(expiresAt)}; after that it is deleted.`;
  const lead =
    'The archive of your DevPlay data is ready. Download it in Settings, under "Your data":';
  const text = [`Hi ${user.username},`, '', lead, settings, '', until, '', '— DevPlay'].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1d23">
<p>Hi ${escapeHtml(user.username)},</p>
<p>${escapeHtml(lead)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>
<p>${escapeHtml(until)}</p>
<p>— DevPlay</p>
</body></html>`;
  return { to: user.email, subject: DATA_EXPORT_MESSAGES.mailSubject, text, html };
}

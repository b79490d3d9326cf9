import { EMAIL_CODE } from '@devplay/shared';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../../plugins/mailer';
import type { EmailCodePurpose } from '../../db/schema/index';

const COPY: Record<EmailCodePurpose, { subject: string; lead: string }> = {
  verify: {
    subject: 'Your DevPlay confirmation code',
    lead: 'Welcome to DevPlay! Enter this code to confirm your e-mail address:',
  },
  reset: {
    subject: 'Your DevPlay password reset code',
    lead: 'Someone asked to reset the password of your DevPlay account. Enter this code to choose a new one:',
  },
};

export function codeMail(
  to: string,
  username: string,
  purpose: EmailCodePurpose,
  code: string,
): Mail {
  const { subject, lead } = COPY[purpose];
  const validity = `The code is valid for ${EMAIL_CODE.ttlMinutes} minutes and can be used once.`;
  const ignore = "If you didn't ask for it, you can ignore this e-mail.";
  return {
    to,
    subject,
    code,
    text: `Hi ${username},\n\n${lead}\n\n    ${code}\n\n${validity}\n${ignore}\n\n— DevPlay`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1d23">
<p>Hi ${escapeHtml(username)},</p>
<p>${lead}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${code}</p>
<p>${validity}<br>${ignore}</p>
<p>— DevPlay</p>
</body></html>`,
  };
}

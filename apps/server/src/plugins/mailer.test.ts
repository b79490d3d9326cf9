import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMail } from '../features/auth/mails';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { createMailer } from './mailer';

let catcher: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
});
afterAll(() => catcher.close());

describe('mailer', () => {
  it('sends over SMTP_URL with a plain-text and an HTML part', async () => {
    const mailer = createMailer({
      smtpUrl: catcher.url,
      from: 'DevPlay <no-reply@devplay.test>',
      log: pino({ level: 'silent' }),
    });
    await mailer.send(codeMail('ada@example.com', 'ada', 'verify', '012345'));
    mailer.close();
    expect(await catcher.codeFor('ada@example.com')).toBe('012345');
    const raw = catcher.mails[0]!.raw;
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toContain('valid for 10 minutes');
  });

  it('prints the mail to the log without SMTP_URL', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await createMailer({ from: 'x@y.z', log }).send(
      codeMail('bob@example.com', 'bob', 'reset', '654321'),
    );
    expect(lines.join('')).toContain('654321');
  });
});

import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMail } from '../features/auth/mails';
import { startSmtpCatcher } from '../test/smtp-catcher';
import { PRETTY_LOG_OPTIONS } from '../lib/logger';
import { createMailer, watched, type Mailer } from './mailer';

const codeMailTo = (log: pino.Logger) =>
  createMailer({ from: 'x@y.z', log }).send(codeMail('bob@example.com', 'bob', 'reset', '654321'));

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

  it('logs the code as a field of its own in JSON without SMTP_URL', async () => {
    const lines: string[] = [];
    await codeMailTo(pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      to: 'bob@example.com',
      subject: 'Your DevPlay password reset code',
      code: '654321',
    });
  });

  it('shows the code on a line of its own in the pretty log', async () => {
    const prettify = prettyFactory({ ...PRETTY_LOG_OPTIONS, colorize: false });
    let output = '';
    await codeMailTo(
      pino({ level: 'info' }, { write: (line: string) => void (output += prettify(line)) }),
    );
    expect(output).toMatch(/^\s+code: "654321"$/m);
  });

  it('is watched: a send SMTP refuses marks it failing until a send goes through', async () => {
    const log = pino({ level: 'silent' });
    const servers = {
      // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
      down: createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'x@y.z', log }),
      up: createMailer({ smtpUrl: catcher.url, from: 'x@y.z', log }),
    };
    let current: Mailer = servers.down;
    const mailer = watched({ send: (mail) => current.send(mail), close: () => {} });
    expect(mailer.failing()).toBe(false);
    const refused = await mailer.send(codeMail('eve@example.com', 'eve', 'verify', '111111')).then(
      () => null,
      (error: { code?: string }) => error.code,
    );
    expect(refused).toBe('ESOCKET');
    expect(mailer.failing()).toBe(true);
    current = servers.up;
    await mailer.send(codeMail('eve@example.com', 'eve', 'verify', '222222'));
    expect(mailer.failing()).toBe(false);
    expect(await catcher.codeFor('eve@example.com')).toBe('222222');
    servers.down.close();
    servers.up.close();
  });
});

import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

type CaughtMail = { to: string[]; raw: string };

/** A real SMTP server on a free port that keeps every message, for mail tests and e2e runs. */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits until `find` finds its mail: looked for again as each mail arrives. */
  async function waitFor(find: () => CaughtMail | undefined, what: string, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = find();
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no ${what}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `address` after `count` earlier ones and returns its code. */
    async codeFor(address: string, count = 0, timeoutMs = 10_000): Promise<string> {
      const codeOf = (mail: CaughtMail | undefined) => mail?.raw.match(/^\s*(\d{6})\s*$/m)?.[1];
      const mail = await waitFor(
        () => {
          const next = mails.filter((m) => m.to.includes(address))[count];
          return codeOf(next) ? next : undefined;
        },
        `code mailed to ${address}`,
        timeoutMs,
      );
      return codeOf(mail)!;
    },
    /** Waits for a mail to `address` whose raw text says `text` (a subject, a link). */
    mailSaying: (address: string, text: string, timeoutMs = 10_000) =>
      waitFor(
        () => mails.find((m) => m.to.includes(address) && m.raw.includes(text)),
        `mail to ${address} saying "${text}"`,
        timeoutMs,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

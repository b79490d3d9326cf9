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

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for the next mail to `address` after `count` earlier ones and returns its code. */
    async codeFor(address: string, count = 0, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.filter((m) => m.to.includes(address))[count];
        const code = mail?.raw.match(/^\s*(\d{6})\s*$/m)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${address}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { Mail, Mailer } from '../plugins/mailer';

/** A mailer that keeps what it was asked to send, for tests to read the codes from. */
export function createMailbox() {
  const mails: Mail[] = [];
  let refusal: Error | null = null;
  const mailer: Mailer = {
    async send(mail) {
      if (refusal) throw refusal;
      mails.push(mail);
    },
    close() {},
  };
  return {
    mailer,
    mails,
    /** Until called again with null, every send fails with `error`, as an SMTP outage does. */
    refuse(error: Error | null) {
      refusal = error;
    },
    to: (address: string) => mails.filter((mail) => mail.to === address),
    /** The code of the newest mail to `address`. */
    lastCode(address: string): string {
      const mail = mails.filter((m) => m.to === address).at(-1);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${address}`);
      return code;
    },
  };
}

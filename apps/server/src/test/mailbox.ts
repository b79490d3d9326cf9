import type { Mail, Mailer } from '../plugins/mailer';

/** A mailer that keeps what it was asked to send, for tests to read the codes from. */
export function createMailbox() {
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
    close() {},
  };
  return {
    mailer,
    mails,
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

import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code the mail carries; the log mailer shows it as a field of its own. */
  code?: string;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/**
 * Without SMTP_URL the mail goes to the log, so a new user can read the code there: as its own
 * `code` field, which is its own line on a terminal and a key a script can read in JSON.
 */
function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send({ to, subject, code, text }) {
      log.info({ to, subject, ...(code ? { code } : { text }) }, 'dev mail (SMTP_URL not set)');
    },
    close() {},
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html });
    },
    close: () => transport.close(),
  };
}

/** The app's mailer: it also tells whether the last mail it sent failed. */
export type WatchedMailer = Mailer & { failing: () => boolean };

/**
 * Remembers how the last send went, for health to report: a failure (SMTP refused or out of
 * reach) holds until a later mail goes through.
 */
export function watched(mailer: Mailer): WatchedMailer {
  let failing = false;
  return {
    async send(mail) {
      try {
        await mailer.send(mail);
        failing = false;
      } catch (error) {
        failing = true;
        throw error;
      }
    },
    close: () => mailer.close(),
    failing: () => failing,
  };
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : logMailer(options.log);
}

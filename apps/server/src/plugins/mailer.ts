import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** Without SMTP_URL the mail goes to the log, so a new user can read the code there. */
function logMailer(log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject },
        `dev mail (SMTP_URL not set):\n${mail.text}`,
      );
    },
    close() {},
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : logMailer(options.log);
}

import { AUTH_MESSAGES, ERROR_CODES, SAFETY_MESSAGES } from '@devplay/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { readSiteSettings } from '../../db/site-settings';
import { badRequest, forbidden } from '../../lib/errors';
import { emailDomainBlocked } from '../../lib/email-domains';

/** How long sign-up waits for its code's mail before it answers that the code is on its way. */
const SIGN_UP_MAIL_WAIT_MS = 5_000;

/**
 * The admins' settings let this sign-up through, or it is refused before anything is counted or
 * compared: a refused address learns nothing of who is here. Answers the settings read.
 */
export async function admitSignUp(db: Db, email: string) {
  const settings = await readSiteSettings(db);
  if (settings.registrations === 'closed') {
    throw forbidden(SAFETY_MESSAGES.registrationsClosed, ERROR_CODES.registrationsClosed);
  }
  if (emailDomainBlocked(email, settings.blockedEmailDomains)) {
    throw badRequest(SAFETY_MESSAGES.emailDomainNotAllowed, ERROR_CODES.validation, 'email');
  }
  return settings;
}

/**
 * Sign-up says whether its code went (SPEC's text only when it did): it waits for the mail a
 * little, as an account is made either way and nothing is there to hide.
 */
export async function signUpAnswer(delivery: Promise<'sent' | 'failed' | 'pending'>) {
  const timeout = new AbortController();
  const outcome = await Promise.race([
    delivery,
    sleep(SIGN_UP_MAIL_WAIT_MS, 'pending' as const, { signal: timeout.signal }).catch(
      () => 'pending' as const,
    ),
  ]);
  timeout.abort();
  return {
    message: {
      sent: AUTH_MESSAGES.signUpSuccess,
      failed: AUTH_MESSAGES.signUpCodeNotSent,
      pending: AUTH_MESSAGES.signUpCodeOnItsWay,
    }[outcome],
  };
}

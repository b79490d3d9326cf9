import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/**
 * Who asks browsers for passkeys (WebAuthn's relying party): the site of PUBLIC_URL. Its hostname
 * is the RP id, so passkeys work at `localhost` and at a domain, never at an IP address (browsers
 * refuse those).
 */
export function relyingParty(config: Pick<Config, 'publicUrl' | 'env'>) {
  const site = new URL(config.publicUrl);
  /**
   * The origin a browser's answer must name: PUBLIC_URL's; in development also any localhost
   * page, as the Vite dev server serves the app from its own port and proxies the API.
   */
  function expectedOrigin(signedOrigin: string) {
    const page = URL.canParse(signedOrigin) ? new URL(signedOrigin) : null;
    const devPage =
      config.env === 'development' &&
      page?.protocol === 'http:' &&
      page.hostname === 'localhost' &&
      site.hostname === 'localhost';
    return devPage ? page.origin : site.origin;
  }
  return {
    id: site.hostname,
    name: 'DevPlay',
    /** What every answer is checked against: its challenge, this site, a user verified. */
    expectations: (challenge: string, signedOrigin: string) => ({
      expectedChallenge: challenge,
      expectedOrigin: expectedOrigin(signedOrigin),
      expectedRPID: site.hostname,
      requireUserVerification: true,
    }),
  };
}

/**
 * The library throws for every check an answer fails: that is no verification, said to the
 * member as such and logged for whoever runs the server.
 */
export const notVerifiedIn =
  (log: FastifyBaseLogger, ceremony: 'registration' | 'sign-in') => (error: unknown) => {
    log.info({ err: error }, `passkey ${ceremony} not verified`);
    return null;
  };

/**
 * The WebAuthn user handle of a member: their id's digits. Stable, so a second registration on
 * one authenticator replaces its older passkey for the account, and free of what identifies the
 * person (no e-mail, no name), as the spec asks.
 */
export const userHandleOf = (userId: number) => isoUint8Array.fromUTF8String(String(userId));

/** The handle as an answer carries it (base64url). */
export const encodedUserHandleOf = (userId: number) =>
  isoBase64URL.fromBuffer(userHandleOf(userId));

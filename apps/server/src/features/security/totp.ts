import { TWO_FACTOR } from '@devplay/shared';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
const totpOf = (secretBase32: string, label = '') =>
  new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.digits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });

/** 160 random bits, as RFC 4226 recommends, in base32 for the app. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// address the QR code carries; the label names the account in the app. */
export const otpauthUrl = (secretBase32: string, email: string) =>
  totpOf(secretBase32, email).toString();

const stepAt = (time: number) => Math.floor(time / 1000 / TWO_FACTOR.periodSeconds);

/**
 * The step `code` belongs to, one step either side of now at most, or null: the caller accepts it
 * only past the last step used, so a code works once.
 */
export function stepOfCode(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: now,
    window: TWO_FACTOR.window,
  });
  return delta === null ? null : stepAt(now) + delta;
}

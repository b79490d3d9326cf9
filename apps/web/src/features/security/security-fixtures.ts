import type { Mock } from 'vitest';
import { TWO_FACTOR_MESSAGES, type Passkey, type Security } from '@devplay/shared';
import { makeMe } from '../../test/factories';
import { requestsTo, routeFetch } from '../../test/fetch-mock';
import { jsonResponse } from '../../test/render';
import { passkeyRoutes, RIGHT_CODE, RIGHT_PASSWORD } from './passkey-fixtures';

// A stand-in for the server's factor routes (DESIGN §8: small fixtures), for this feature's tests.

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const OTPAUTH = `otpauth://totp/DevPlay:ada?secret=${SECRET}&issuer=DevPlay`;
/** The app code and password the fake server takes; anything else is refused. */
export { RIGHT_CODE, RIGHT_PASSWORD };

export const recoveryCodes = (batch: string) =>
  Array.from({ length: 10 }, (_, index) => `${batch}${index}m2p-q9x4t`);

const refuse = (status: number, code: string, message: string, field?: string) =>
  jsonResponse({ status, body: { message, code, field } });

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body)) as { password?: string; code?: string };

/** The factor routes over one member whose `security` they change as the server would. */
export function serveSecurity(
  fetchMock: Mock<typeof fetch>,
  initial: Security,
  passkeys: Passkey[] = [],
) {
  const state = { security: { ...initial, passkeys: passkeys.length }, passkeys };
  const guarded = (init: RequestInit | undefined, answer: () => Response) => {
    const { password, code } = bodyOf(init);
    if (password === RIGHT_PASSWORD && code === RIGHT_CODE) return answer();
    const field = password === RIGHT_PASSWORD ? 'code' : 'password';
    return refuse(400, 'INVALID_CODE', TWO_FACTOR_MESSAGES.wrongPasswordOrCode, field);
  };
  routeFetch(fetchMock, {
    ...passkeyRoutes(state),
    'GET /api/me': () => jsonResponse({ body: makeMe({ security: state.security }) }),
    'POST /api/me/2fa/totp/setup': () =>
      jsonResponse({ body: { secret: SECRET, otpauthUrl: OTPAUTH } }),
    'POST /api/me/2fa/totp/enable': (init) => {
      if (bodyOf(init).code !== RIGHT_CODE) {
        return refuse(400, 'INVALID_CODE', TWO_FACTOR_MESSAGES.wrongCode, 'code');
      }
      state.security = { ...state.security, totp: true, recoveryCodesLeft: 10 };
      return jsonResponse({ body: { recoveryCodes: recoveryCodes('a') } });
    },
    'DELETE /api/me/2fa/totp': (init) =>
      guarded(init, () => {
        state.security = { ...state.security, totp: false, recoveryCodesLeft: 0 };
        return jsonResponse({ body: { message: TWO_FACTOR_MESSAGES.turnedOff } });
      }),
    'POST /api/me/recovery-codes': (init) =>
      guarded(init, () => {
        state.security = { ...state.security, recoveryCodesLeft: 10 };
        return jsonResponse({ body: { recoveryCodes: recoveryCodes('b') } });
      }),
  });
  return state;
}

/** The JSON bodies sent to one route, in order. */
export const bodiesTo = (fetchMock: Mock<typeof fetch>, route: string) =>
  requestsTo(fetchMock, route).map(([, init]) => bodyOf(init));

import {
  PASSKEY_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type Passkey,
  type Security,
} from '@devplay/shared';
import { jsonResponse } from '../../test/render';

// The passkey routes of the fake server the Security card's tests talk to (security-fixtures.ts).

export const RIGHT_PASSWORD = 'Str0ng!pass';
export const RIGHT_CODE = '123456';

export const makePasskey = (id: number, overrides: Partial<Passkey> = {}): Passkey => ({
  id,
  name: `Key ${id}`,
  createdAt: '2030-01-02T10:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

/** What a registration's options look like: enough for the stubbed browser. */
const OPTIONS = {
  rp: { id: 'localhost', name: 'DevPlay' },
  user: { id: 'MQ', name: 'ada@example.com', displayName: 'ada' },
  challenge: 'challenge-1',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};

const refuse = (status: number, code: string, message: string, field?: string) =>
  jsonResponse({ status, body: { message, code, field } });

type State = { security: Security; passkeys: Passkey[] };
type Body = { name?: string; password?: string; code?: string };
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Body;

/** The passkey routes over `state`, changing it as the server would, for ids 1 to 9. */
export function passkeyRoutes(state: State) {
  const count = () => {
    state.security = { ...state.security, passkeys: state.passkeys.length };
  };
  const byId = (id: number, answer: (passkey: Passkey) => Response) => {
    const passkey = state.passkeys.find((one) => one.id === id);
    return passkey ? answer(passkey) : refuse(404, 'NOT_FOUND', PASSKEY_MESSAGES.notFound);
  };
  const rename = (id: number) => (init: RequestInit | undefined) =>
    byId(id, (passkey) => {
      passkey.name = bodyOf(init).name!.trim();
      return jsonResponse({ body: passkey });
    });
  const remove = (id: number) => (init: RequestInit | undefined) =>
    byId(id, () => {
      const { password, code } = bodyOf(init);
      const needsCode = state.security.totp && state.passkeys.length === 1;
      if (needsCode && code === undefined)
        return refuse(400, 'VALIDATION_ERROR', PASSKEY_MESSAGES.codeForLast, 'code');
      if (password !== RIGHT_PASSWORD || (needsCode && code !== RIGHT_CODE))
        return refuse(400, 'INVALID_CODE', TWO_FACTOR_MESSAGES.wrongPasswordOrCode, 'password');
      state.passkeys = state.passkeys.filter((passkey) => passkey.id !== id);
      count();
      return jsonResponse({ body: { message: PASSKEY_MESSAGES.removed } });
    });
  const ids = Array.from({ length: 9 }, (_, index) => index + 1);
  return {
    'GET /api/passkeys': () => jsonResponse({ body: state.passkeys }),
    'POST /api/passkeys/register/options': () => jsonResponse({ body: OPTIONS }),
    'POST /api/passkeys/register': (init: RequestInit | undefined) => {
      const added = makePasskey(state.passkeys.length + 1, { name: bodyOf(init).name!.trim() });
      state.passkeys = [...state.passkeys, added];
      count();
      return jsonResponse({ status: 201, body: added });
    },
    ...Object.fromEntries(ids.map((id) => [`PATCH /api/passkeys/${id}`, rename(id)])),
    ...Object.fromEntries(ids.map((id) => [`DELETE /api/passkeys/${id}`, remove(id)])),
  };
}

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSKEY_MESSAGES } from '@devplay/shared';
import { PASSKEY_BROWSER_TEXTS } from '../../../lib/webauthn';
import { getToken } from '../../../lib/token-store';
import { makeMe } from '../../../test/factories';
import { deferred, requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SignInForm } from './sign-in-form';

// The browser's part is stubbed: what it answers is the test's to plan.
const browser = vi.hoisted(() => ({
  supported: true,
  autofill: false,
  sign: vi.fn(),
  cancel: vi.fn(),
}));
vi.mock(import('../../../lib/webauthn'), async (original) => ({
  ...(await original()),
  browserHasPasskeys: () => browser.supported,
  browserOffersPasskeyAutofill: async () => browser.autofill,
  signWithPasskey: browser.sign,
  cancelPasskeyRequest: browser.cancel,
}));

const fetchMock = stubFetch({ signedIn: false });
const ANSWER = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
/** What POST /signin/passkey answers next; a session unless a test plans a refusal. */
let passkeyAnswer: () => Response;
let passwordAnswer: object;

beforeEach(() => {
  browser.supported = true;
  browser.autofill = false;
  browser.sign.mockReset().mockResolvedValue(ANSWER);
  browser.cancel.mockReset();
  passkeyAnswer = () => jsonResponse({ body: { token: 'jwt-p', user: makeMe() } });
  passwordAnswer = {
    twoFactorRequired: true,
    ticket: 't-1',
    methods: ['totp', 'recovery', 'passkey'],
  };
  routeFetch(fetchMock, {
    'POST /api/signin': () => jsonResponse({ body: passwordAnswer }),
    'POST /api/signin/passkey/options': () => jsonResponse({ body: { challenge: 'c-1' } }),
    'POST /api/signin/passkey': () => passkeyAnswer(),
  });
});

const bodies = (route: string) =>
  requestsTo(fetchMock, route).map(([, init]) => JSON.parse(String(init?.body)));
const landed = () =>
  waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));

describe('signing in with a passkey', () => {
  it('lets the e-mail input suggest passkeys, beside a button for the dialog', () => {
    renderWithApp(<SignInForm />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  });

  it('offers neither where the browser has no passkeys', () => {
    browser.supported = false;
    renderWithApp(<SignInForm />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it('signs in with no password and lands where a sign-in lands', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignInForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    await landed();
    expect(browser.sign).toHaveBeenCalledWith({ challenge: 'c-1' });
    expect(bodies('POST /api/signin/passkey/options')).toEqual([{}]);
    expect(bodies('POST /api/signin/passkey')).toEqual([{ response: ANSWER }]);
    expect(getToken()).toBe('jwt-p');
  });

  it("shows the server's refusal word for word, and the browser's cancel in plain words", async () => {
    passkeyAnswer = () =>
      jsonResponse({
        status: 401,
        body: { message: PASSKEY_MESSAGES.signInFailed, code: 'PASSKEY_NOT_VERIFIED' },
      });
    const user = userEvent.setup();
    renderWithApp(<SignInForm />);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await user.click(button);
    expect(await screen.findByText(PASSKEY_MESSAGES.signInFailed)).toBeVisible();

    browser.sign.mockRejectedValue(
      Object.assign(new Error('closed'), { cause: { name: 'NotAllowedError' } }),
    );
    await user.click(button);
    expect(await screen.findByText(PASSKEY_BROWSER_TEXTS.cancelled)).toBeVisible();
    expect(getToken()).toBeNull();
  });

  it('asks quietly for autofill where the browser offers it, and stops when the form goes', async () => {
    browser.autofill = true;
    const quiet = deferred<typeof ANSWER>();
    browser.sign.mockReturnValue(quiet.promise);
    const { unmount } = renderWithApp(<SignInForm />);

    await waitFor(() =>
      expect(browser.sign).toHaveBeenCalledWith({ challenge: 'c-1' }, { autofill: true }),
    );
    unmount();
    expect(browser.cancel).toHaveBeenCalled();
  });

  it('signs in when a passkey is picked among the suggestions', async () => {
    browser.autofill = true;
    renderWithApp(<SignInForm />);
    await landed();
    expect(bodies('POST /api/signin/passkey')).toEqual([{ response: ANSWER }]);
  });
});

describe('a passkey at the second step', () => {
  async function reachSecondStep() {
    const user = userEvent.setup();
    renderWithApp(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Two-factor authentication' });
    return user;
  }

  it("is offered in place of a code, for the e-mail's account, and signs in", async () => {
    const user = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: 'Use a passkey instead' }));

    await landed();
    expect(bodies('POST /api/signin/passkey/options')).toEqual([{ email: 'ada@example.com' }]);
  });

  it('opens on its button when the passkey is the only factor', async () => {
    passwordAnswer = { twoFactorRequired: true, ticket: 't-1', methods: ['passkey'] };
    passkeyAnswer = () =>
      jsonResponse({
        status: 401,
        body: { message: PASSKEY_MESSAGES.signInFailed, code: 'PASSKEY_NOT_VERIFIED' },
      });
    const user = await reachSecondStep();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    const button = screen.getByRole('button', { name: 'Use a passkey' });
    await user.click(button);

    expect(await screen.findByText(PASSKEY_MESSAGES.signInFailed)).toBeVisible();
    await waitFor(() => expect(button).toHaveFocus());
  });
});

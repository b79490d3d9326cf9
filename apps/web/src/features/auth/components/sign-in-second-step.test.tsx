import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { getToken } from '../../../lib/token-store';
import { makeMe } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SignInForm } from './sign-in-form';

const fetchMock = stubFetch({ signedIn: false });
const challenge = { twoFactorRequired: true, ticket: 'ticket-1', methods: ['totp', 'recovery'] };
/** What POST /signin/2fa answers next; a session unless a test plans a refusal. */
let secondStep: () => Response;

beforeEach(() => {
  secondStep = () => jsonResponse({ body: { token: 'jwt-2', user: makeMe() } });
  routeFetch(fetchMock, {
    'POST /api/signin': () => jsonResponse({ body: challenge }),
    'POST /api/signin/2fa': () => secondStep(),
  });
});

const refusal = (status: number, code: string, message: string, field?: string) => () =>
  jsonResponse({ status, body: { message, code, field } });

const secondStepBodies = () =>
  requestsTo(fetchMock, 'POST /api/signin/2fa').map(([, init]) => JSON.parse(String(init?.body)));

/** Signs in with the password of an account that has a second factor: the code step opens. */
async function reachSecondStep(path = '/') {
  const user = userEvent.setup();
  const utils = renderWithApp(<SignInForm />);
  if (path !== '/') await utils.router.navigate(path);
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  const verify = () => user.click(screen.getByRole('button', { name: 'Verify' }));
  return { user, verify, ...utils };
}

describe('the second step of a sign-in', () => {
  it('asks for the app code in place of the password form, with no session yet', async () => {
    await reachSecondStep();

    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByRole('form', { name: 'Sign in' })).toBeNull();
    expect(screen.getByLabelText('Password')).not.toBeVisible();
    expect(getToken()).toBeNull();
  });

  it('signs in with the right code, sending it with the ticket', async () => {
    const { user, verify } = await reachSecondStep();
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await verify();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));
    expect(secondStepBodies()).toEqual([{ ticket: 'ticket-1', code: '123456' }]);
    expect(getToken()).toBe('jwt-2');
  });

  it('lands where a sign-in without a second step lands: the page asked for', async () => {
    const { user, verify } = await reachSecondStep('/?next=%2Fmessage%2F4');
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await verify();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/4'));
  });

  it('takes a recovery code instead, and switches back to the app code', async () => {
    const { user, verify } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText('Recovery code')).toHaveFocus();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'K7M2P-Q9X4T');
    await verify();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));
    expect(secondStepBodies()).toEqual([{ ticket: 'ticket-1', recoveryCode: 'k7m2pq9x4t' }]);
  });

  it('refuses a code that is not 6 digits without asking the server', async () => {
    const { user, verify } = await reachSecondStep();
    const code = screen.getByLabelText('Authentication code');
    await verify();
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.enterCode);

    await user.type(code, '12345');
    await verify();
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.codeFormat);
    expect(secondStepBodies()).toEqual([]);
  });

  it('says a wrong code under the field and stays, without refreshing a session', async () => {
    secondStep = refusal(401, 'INVALID_CODE', TWO_FACTOR_MESSAGES.wrongCode, 'code');
    const { user, verify } = await reachSecondStep();
    const code = screen.getByLabelText('Authentication code');
    await user.type(code, '000000');
    await verify();

    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.wrongCode));
    expect(code).toHaveFocus();
    expect(code).toHaveValue('000000');
    expect(requestsTo(fetchMock, 'POST /api/refresh')).toHaveLength(0);
    expect(getToken()).toBeNull();
  });

  it('says a wrong recovery code under the recovery field', async () => {
    secondStep = refusal(
      401,
      'INVALID_CODE',
      TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      'recoveryCode',
    );
    const { user, verify } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'k7m2p-q9x4t');
    await verify();

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.wrongRecoveryCode),
    );
  });

  it.each([
    [401, 'TICKET_EXPIRED', TWO_FACTOR_MESSAGES.ticketExpired],
    [429, 'TOO_MANY_ATTEMPTS', TWO_FACTOR_MESSAGES.tooManyTries],
  ])('goes back to the password step when the server ends the attempt (%i %s)', async (...args) => {
    const [status, code, message] = args;
    secondStep = refusal(status, code, message);
    const { user, verify } = await reachSecondStep();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await verify();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('heading', { name: 'Two-factor authentication' })).toBeNull();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(getToken()).toBeNull();
  });

  it('goes back to the password step on request, saying nothing', async () => {
    const { user } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));

    expect(screen.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

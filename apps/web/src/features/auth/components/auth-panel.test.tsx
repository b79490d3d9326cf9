import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, REGISTRATION_TEXTS, type RegistrationMode } from '@devplay/shared';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { AuthPanel } from './auth-panel';

const fetchMock = stubFetch({ signedIn: false });
const CLOSED = 'Sign-ups are closed.';

function serve(registrations: RegistrationMode) {
  routeFetch(fetchMock, {
    'GET /api/signup-mode': () => jsonResponse({ body: { registrations } }),
    'POST /api/signup': () =>
      jsonResponse({
        status: 403,
        body: { message: CLOSED, code: ERROR_CODES.registrationsClosed },
      }),
  });
}

const signUpPane = () => screen.getByRole('region', { name: 'Create an account' });

describe('AuthPanel: who may sign up', () => {
  it('says sign-ups are closed instead of showing the sign-up form', async () => {
    serve('closed');
    renderWithApp(<AuthPanel initialMode="signup" />);

    expect(await within(signUpPane()).findByText(CLOSED)).toBeInTheDocument();
    expect(within(signUpPane()).queryByRole('form', { name: 'Sign up' })).toBeNull();
    expect(within(signUpPane()).queryByLabelText('Email')).toBeNull();
    // Signing in is untouched.
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the sign-up form while sign-ups are open', async () => {
    serve('open');
    renderWithApp(<AuthPanel initialMode="signup" />);

    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/signup-mode')).toHaveLength(1));
    expect(within(signUpPane()).getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByText(CLOSED)).toBeNull();
  });

  it('tells a newcomer an admin approves new accounts while sign-ups need approval', async () => {
    serve('approval');
    renderWithApp(<AuthPanel initialMode="signup" />);

    expect(
      await within(signUpPane()).findByText(REGISTRATION_TEXTS.approvalLead),
    ).toBeInTheDocument();
    expect(within(signUpPane()).getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('switches to the closed text when the server refuses a sign-up as closed', async () => {
    serve('open');
    const user = userEvent.setup();
    renderWithApp(<AuthPanel initialMode="signup" />);

    const pane = signUpPane();
    await user.type(within(pane).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(pane).getByLabelText('Username'), 'ada_l');
    await user.type(within(pane).getByLabelText('Password'), 'Str0ng!pass');
    await user.type(within(pane).getByLabelText('Confirm password'), 'Str0ng!pass');
    await user.click(within(pane).getByRole('button', { name: 'Sign up' }));

    expect(await within(pane).findByText(CLOSED)).toBeInTheDocument();
    expect(within(pane).queryByRole('form', { name: 'Sign up' })).toBeNull();
    expect(requestsTo(fetchMock, 'POST /api/signup')).toHaveLength(1);
  });

  it('shows the form when the mode cannot be read: the server still has the last word', async () => {
    routeFetch(fetchMock, {
      'GET /api/signup-mode': () => jsonResponse({ status: 500, body: { message: 'Boom' } }),
    });
    renderWithApp(<AuthPanel initialMode="signup" />);

    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/signup-mode')).toHaveLength(1));
    expect(within(signUpPane()).getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });
});

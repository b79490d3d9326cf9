import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSignedOutNotice } from '../../../lib/signed-out-notice';
import { STORED_EMAIL_KEYS } from '../../../lib/stored-email';
import { getToken } from '../../../lib/token-store';
import { makeMe } from '../../../test/factories';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { SignInForm } from './sign-in-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: false });

function setup() {
  const user = userEvent.setup();
  const utils = renderWithApp(<SignInForm />);
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign in' }));
  const fill = async (emailValue: string, passwordValue: string) => {
    await user.type(email, emailValue);
    await user.type(password, passwordValue);
  };
  return { user, email, password, submit, fill, ...utils };
}

describe('SignInForm', () => {
  it('asks for the email and the password when submitted empty', async () => {
    const { email, password, submit } = setup();
    await submit();

    // The rules arrive with their chunk on first use (zod stays off the first paint).
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter email'));
    expect(password).toHaveAccessibleDescription('Enter password');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a password under 5 characters', async () => {
    const { email, password, fill, submit } = setup();
    await fill('ada@', 'abcd');
    await submit();

    expect(email).toHaveAccessibleDescription('Incorrect email');
    expect(password).toHaveAccessibleDescription('Minimum 5 characters');
  });

  it('says why the server signed the tab out, until the member tries again', async () => {
    setSignedOutNotice('Your account is suspended until 05.12.2026 04:00.');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 403,
        body: { message: 'Your account is suspended.', code: 'SUSPENDED' },
      }),
    );
    const { fill, submit } = setup();
    expect(screen.getByText('Your account is suspended until 05.12.2026 04:00.')).toBeVisible();

    await fill('ada@example.com', 'Frag1!adaaa');
    await submit();
    expect(await screen.findByText('Your account is suspended.')).toBeVisible();
    expect(screen.queryByText(/until 05\.12\.2026/)).toBeNull();
  });

  it('offers the Forgot password link', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("shows the server's message when sign-in fails", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 401,
        body: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
      }),
    );
    const { fill, submit } = setup();
    await fill('ada@example.com', 'wrong-password');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    // A 401 here means bad credentials, not a stale token: no refresh attempt.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says 'Network or server error' when the request throws", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { fill, submit } = setup();
    await fill('ada@example.com', 'Str0ng!pass');
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Network or server error');
  });

  it('keeps an unverified member here, told to confirm the email', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ body: { token: 'jwt-1', user: makeMe({ isVerified: false }) } }),
    );
    const { fill, submit } = setup();
    await fill('ada@example.com', 'Str0ng!pass');
    await submit();

    expect(
      await screen.findByText('Please confirm your email. Check your mail.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Confirm email' })).toHaveAttribute(
      'href',
      '/confirm_email',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem(STORED_EMAIL_KEYS.verification)).toBe('ada@example.com');
    expect(getToken()).toBe('jwt-1');
  });

  it('starts with the address just confirmed, and forgets it once signed in', async () => {
    localStorage.setItem(STORED_EMAIL_KEYS.signIn, 'ada@example.com');
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'jwt-3', user: makeMe() } }));
    const { user, email, password, submit } = setup();
    expect(email).toHaveValue('ada@example.com');
    await user.type(password, 'Str0ng!pass');
    await submit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));
    expect(localStorage.getItem(STORED_EMAIL_KEYS.signIn)).toBeNull();
  });

  it('stores the token and the profile, then opens /home_page for a verified member', async () => {
    const me = makeMe();
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'jwt-2', user: me } }));
    const { fill, submit, queryClient } = setup();
    await fill('ada@example.com', 'Str0ng!pass');
    await submit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));
    expect(getToken()).toBe('jwt-2');
    expect(queryClient.getQueryData(sessionKeys.me())).toEqual(me);
  });

  it('returns to the page asked for before signing in', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'jwt-3', user: makeMe() } }));
    const { fill, submit, router } = setup();
    await router.navigate('/?next=%2Fmessage%2F4');
    await fill('ada@example.com', 'Str0ng!pass');
    await submit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message/4'));
  });

  // The last three read '//evil.example/' once their dot segments are resolved.
  it.each(['//evil.com', '/.//evil.example/', '/%2e//evil.example/', '/a/..//evil.example/'])(
    'opens /home_page instead of a page of another site (next=%s)',
    async (next) => {
      fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'jwt-4', user: makeMe() } }));
      const { fill, submit, router } = setup();
      await router.navigate(`/?next=${encodeURIComponent(next)}`);
      await fill('ada@example.com', 'Str0ng!pass');
      await submit();

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home_page'));
    },
  );
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@devplay/shared';
import { STORED_EMAIL_KEYS } from '../../../lib/stored-email';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { SignUpForm } from './sign-up-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: false });

function setup() {
  const user = userEvent.setup();
  const utils = renderWithApp(<SignUpForm />);
  const fields = {
    email: screen.getByLabelText('Email'),
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm password'),
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign up' }));
  return { user, fields, submit, ...utils };
}

async function fillValid(
  user: ReturnType<typeof userEvent.setup>,
  fields: ReturnType<typeof setup>['fields'],
) {
  await user.type(fields.email, 'Ada@Example.com');
  await user.type(fields.username, 'ada_l');
  await user.type(fields.password, 'Str0ng!pass');
  await user.type(fields.confirm, 'Str0ng!pass');
}

describe('SignUpForm', () => {
  it('asks for every field when submitted empty, under each field', async () => {
    const { fields, submit } = setup();
    await submit();

    // The rules arrive with their chunk on first use (zod stays off the first paint).
    await waitFor(() => expect(fields.email).toHaveAccessibleDescription('Enter email'));
    expect(fields.username).toHaveAccessibleDescription('Enter username');
    expect(fields.password).toHaveAccessibleDescription('Enter password');
    expect(fields.confirm).toHaveAccessibleDescription('Confirm password');
    for (const field of Object.values(fields)) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a malformed email, a short username, a weak password and a mismatch', async () => {
    const { user, fields, submit } = setup();
    await user.type(fields.email, 'not-an-email');
    await user.type(fields.username, 'ab');
    await user.type(fields.password, 'weakpassword');
    await user.type(fields.confirm, 'something-else');
    await submit();

    expect(fields.email).toHaveAccessibleDescription('Incorrect email');
    expect(fields.username).toHaveAccessibleDescription('Minimum 3 characters');
    expect(fields.password).toHaveAccessibleDescription(
      'Min. 8 characters, lowercase and UPPERCASE letters, number and special character',
    );
    expect(fields.confirm).toHaveAccessibleDescription('The passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a server error that names a field under that field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 409,
        body: {
          message: 'This username is already taken',
          code: 'USERNAME_TAKEN',
          field: 'username',
        },
      }),
    );
    const { user, fields, submit } = setup();
    await fillValid(user, fields);
    await submit();

    await waitFor(() =>
      expect(fields.username).toHaveAccessibleDescription('This username is already taken'),
    );
    expect(fields.username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the form, remembers the email, confirms with a toast and opens /confirm_email', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 201, body: { message: AUTH_MESSAGES.signUpSuccess } }),
    );
    const { user, fields, submit } = setup();
    await fillValid(user, fields);
    await submit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/confirm_email'));
    expect(screen.getByText(AUTH_MESSAGES.signUpSuccess)).toBeInTheDocument();
    expect(localStorage.getItem(STORED_EMAIL_KEYS.verification)).toBe('ada@example.com');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/signup');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      username: 'ada_l',
      password: 'Str0ng!pass',
      confirm_password: 'Str0ng!pass',
    });
  });

  it('says so when the account was made but its code could not be mailed, and still opens /confirm_email', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 201, body: { message: AUTH_MESSAGES.signUpCodeNotSent } }),
    );
    const { user, fields, submit } = setup();
    await fillValid(user, fields);
    await submit();

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/confirm_email'));
    expect(screen.getByText(AUTH_MESSAGES.signUpCodeNotSent)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.signUpSuccess)).not.toBeInTheDocument();
  });

  it("falls back to 'Registration error' when the server gives no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    const { user, fields, submit } = setup();
    await fillValid(user, fields);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Registration error');
  });

  it("says 'Network error' when no response arrives", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user, fields, submit } = setup();
    await fillValid(user, fields);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });
});

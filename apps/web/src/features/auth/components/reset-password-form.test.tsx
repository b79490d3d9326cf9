import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@devplay/shared';
import { storeEmail } from '../../../lib/stored-email';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: false });

beforeEach(() => {
  storeEmail('reset', 'ada@example.com');
});

async function fillAndSend() {
  const user = userEvent.setup();
  renderWithApp(<ResetPasswordForm />, { path: '/reset-password' });
  const code = screen.getByLabelText('Code');
  await user.type(code, '123456');
  await user.type(screen.getByLabelText('New password'), 'Str0ng!pass');
  await user.type(screen.getByLabelText('Confirm new password'), 'Str0ng!pass');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return { code };
}

describe('ResetPasswordForm', () => {
  it('shows a server error naming the code under the code field, focused, not in a banner', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 400,
        body: { message: AUTH_MESSAGES.invalidCode, code: 'INVALID_CODE', field: 'code' },
      }),
    );
    const { code } = await fillAndSend();

    await waitFor(() => expect(code).toHaveAccessibleDescription(AUTH_MESSAGES.invalidCode));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(code).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      code: '123456',
      newPassword: 'Str0ng!pass',
    });
  });

  it("shows a rate limit in the banner with 'Too many requests. Please try again later.'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ status: 429, body: {} }));
    const { code } = await fillAndSend();

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.tooManyRequests);
    expect(code).not.toHaveAttribute('aria-invalid');
  });

  it("says 'Something went wrong' when no answer arrives", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await fillAndSend();

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.somethingWentWrong);
  });

  it('confirms the change and forgets the remembered e-mail', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ body: { message: AUTH_MESSAGES.passwordReset } }),
    );
    await fillAndSend();

    expect(await screen.findByText(AUTH_MESSAGES.resetSuccess)).toBeInTheDocument();
    expect(localStorage.getItem('resetPasswordEmail')).toBeNull();
  });

  it("opens 'Send a new one' on the first click, with no error popping up as the code field blurs", async () => {
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm />, { path: '/reset-password' });
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Send a new one' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/forgot-password');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

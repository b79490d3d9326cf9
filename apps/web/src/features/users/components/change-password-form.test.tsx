import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ChangePasswordForm } from './change-password-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const STRENGTH =
  'Password must be at least 8 characters, include uppercase, lowercase, number and special character';

function setup() {
  const user = userEvent.setup();
  renderWithApp(<ChangePasswordForm />);
  const current = screen.getByLabelText('Current password');
  const next = screen.getByLabelText('New password');
  const confirm = screen.getByLabelText('Confirm new password');
  const fill = async (values: [string, string, string]) => {
    const fields = [current, next, confirm];
    for (const [index, value] of values.entries()) {
      if (value) await user.type(fields[index]!, value);
    }
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Change password' }));
  return { current, next, confirm, fill, submit };
}

describe('ChangePasswordForm', () => {
  it("asks once to 'Fill in all password fields', marking every empty field", async () => {
    const { current, next, confirm, fill, submit } = setup();
    await fill(['Old-pass1!', '', '']);
    await submit();

    expect(screen.getAllByText('Fill in all password fields')).toHaveLength(1);
    expect(next).toHaveAccessibleDescription('Fill in all password fields');
    expect(next).toBeInvalid();
    expect(confirm).toBeInvalid();
    expect(current).toBeValid();
    expect(current).not.toHaveAccessibleDescription();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'New passwords do not match' when the confirmation differs", async () => {
    const { confirm, fill, submit } = setup();
    await fill(['Old-pass1!', 'New-pass1!', 'New-pass2!']);
    await submit();

    expect(confirm).toHaveAccessibleDescription('New passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the sign-up strength for the new password', async () => {
    const { next, fill, submit } = setup();
    await fill(['Old-pass1!', 'weakpass', 'weakpass']);
    await submit();

    expect(next).toHaveAccessibleDescription(STRENGTH);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends current and new password, then says 'Password changed successfully'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { id: 1, username: 'ada' } }));
    const { current, fill, submit } = setup();
    await fill(['Old-pass1!', 'New-pass1!', 'New-pass1!']);
    await submit();

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'Old-pass1!',
      newPassword: 'New-pass1!',
    });
    expect(current).toHaveValue('');

    // The next edit retires the notice: it belonged to the change before.
    await fill(['O', '', '']);
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });

  it('shows a wrong current password under that field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 400,
        body: {
          message: 'Current password is incorrect',
          code: 'WRONG_PASSWORD',
          field: 'currentPassword',
        },
      }),
    );
    const { current, fill, submit } = setup();
    await fill(['Wrong-pass1!', 'New-pass1!', 'New-pass1!']);
    await submit();

    await vi.waitFor(
      () => expect(current).toHaveAccessibleDescription('Current password is incorrect'),
      { timeout: 3_000 },
    );
  });

  it("falls back to 'Error changing password' when the server gives no reason", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    const { fill, submit } = setup();
    await fill(['Old-pass1!', 'New-pass1!', 'New-pass1!']);
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error changing password');
  });
});

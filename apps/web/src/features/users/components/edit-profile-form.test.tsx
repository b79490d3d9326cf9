import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/factories';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { EditProfileForm } from './edit-profile-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });

const me = makeMe({ bio: 'Poet of numbers' });

function setup() {
  const user = userEvent.setup();
  const utils = renderWithApp(<EditProfileForm me={me} />);
  const age = screen.getByLabelText('Age');
  const save = () => user.click(screen.getByRole('button', { name: 'Save changes' }));
  return { user, age, save, ...utils };
}

describe('EditProfileForm', () => {
  it.each(['0', '-4', ''])(
    "rejects age '%s' with 'Age must be a positive number'",
    async (value) => {
      const { user, age, save } = setup();
      await user.clear(age);
      if (value) await user.type(age, value);
      await save();

      expect(age).toHaveAccessibleDescription('Age must be a positive number');
      expect(age).toHaveAttribute('aria-invalid', 'true');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('requires every field', async () => {
    const { user, save } = setup();
    await user.clear(screen.getByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Bio'));
    await save();

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Enter full name');
    expect(screen.getByLabelText('Bio')).toHaveAccessibleDescription('Enter bio');
  });

  it('sends the profile as multipart and refreshes the signed-in member', async () => {
    const saved = { ...me, fullName: 'Ada King', age: 37 };
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: saved }));
    const { user, age, save, queryClient } = setup();
    const fullName = screen.getByLabelText('Full name');
    await user.clear(fullName);
    await user.type(fullName, 'Ada King');
    await user.clear(age);
    await user.type(age, '37');
    await save();

    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      username: 'ada',
      fullName: 'Ada King',
      age: '37',
      bio: 'Poet of numbers',
    });
    expect(queryClient.getQueryData(sessionKeys.me())).toEqual(saved);
  });

  it('shows a taken username under the username field', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 409,
        body: { message: 'Username already taken', code: 'USERNAME_TAKEN', field: 'username' },
      }),
    );
    const { save } = setup();
    await save();

    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        'Username already taken',
      ),
    );
  });

  it("falls back to 'Error updating profile'", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { save } = setup();
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating profile');
  });

  it('refuses a file that is not an image before any upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithApp(<EditProfileForm me={me} />);
    const input = screen.getByLabelText('Avatar');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(input).toHaveAccessibleDescription('Please select an image file.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

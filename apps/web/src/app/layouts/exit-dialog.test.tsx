import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/token-store';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ExitDialog } from './exit-dialog';
import { stubFetch } from '../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });

describe('ExitDialog', () => {
  it('asks before exiting, as a labelled modal dialog that has focus', () => {
    renderWithApp(<ExitDialog open onClose={() => {}} />);

    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to exit?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('Cancel and Escape close it without calling the server', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithApp(<ExitDialog open onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('token-a');
  });

  it('Log out calls the server, forgets the token and the cache, and returns to /', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { message: 'Signed out' } }));
    const { queryClient } = renderWithApp(<ExitDialog open onClose={() => {}} />, {
      path: '/home_page',
    });
    queryClient.setQueryData(['anything'], 1);

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(getToken()).toBeNull());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/logout');
    expect(queryClient.getQueryData(['anything'])).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('still signs out locally when the server cannot be reached', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderWithApp(<ExitDialog open onClose={() => {}} />);

    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(getToken()).toBeNull());
  });
});

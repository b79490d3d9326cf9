import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST_MESSAGES } from '@devplay/shared';
import { makePost } from '../../../test/factories';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { NewPostForm } from './new-post-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const post = makePost({
  title: 'Ace on Inferno',
  video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
});

beforeEach(() => {
  // /me and the feed may be asked for; the form only needs the POST.
  fetchMock.mockImplementation(async (input, init) =>
    String(input).endsWith('/api/post') && init?.method === 'POST'
      ? jsonResponse({ status: 201, body: post })
      : jsonResponse({ body: {} }),
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const field = (label: string) =>
  screen.getByLabelText(label, { exact: false, selector: 'input,textarea' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Publish|Wait/ }));
const posted = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the new-post form (SPEC §5)', () => {
  it('shows the title, description and media messages and sends nothing', async () => {
    renderWithApp(<NewPostForm />);
    fireEvent.change(field('Title'), { target: { value: 'ab' } });
    fireEvent.change(field('Description'), { target: { value: '  ' } });
    submit();
    expect(await screen.findByText(POST_MESSAGES.title)).toBeInTheDocument();
    expect(screen.getByText(POST_MESSAGES.description)).toBeInTheDocument();
    expect(screen.getByText(POST_MESSAGES.media)).toBeInTheDocument();
    expect(posted()).toHaveLength(0);
  });

  it("publishes, then reads 'Wait 15s' ticking down each second back to 'Publish'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<NewPostForm />);
    fireEvent.change(field('Title'), { target: { value: 'Ace on Inferno' } });
    fireEvent.change(field('Description'), { target: { value: 'Five kills with a Deagle' } });
    fireEvent.change(field('YouTube link'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    submit();
    expect(await screen.findByText(POST_MESSAGES.published)).toBeInTheDocument();
    expect(posted()).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Wait 15s' });
    expect(button).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: 'Wait 14s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
  });

  it('shows a server error naming a field under that field', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        status: 400,
        body: { message: POST_MESSAGES.videoTooLong, code: 'VALIDATION_ERROR', field: 'video' },
      }),
    );
    renderWithApp(<NewPostForm />);
    fireEvent.change(field('Title'), { target: { value: 'Ace on Inferno' } });
    fireEvent.change(field('Description'), { target: { value: 'Five kills with a Deagle' } });
    fireEvent.change(field('YouTube link'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    submit();
    await waitFor(() =>
      expect(field('YouTube link')).toHaveAccessibleDescription(POST_MESSAGES.videoTooLong),
    );
  });
});

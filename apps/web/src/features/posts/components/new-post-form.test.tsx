import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cooldownMessage, ERROR_CODES, POST_MESSAGES } from '@devplay/shared';
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
const fill = (video = 'https://youtu.be/dQw4w9WgXcQ') => {
  fireEvent.change(field('Title'), { target: { value: 'Ace on Inferno' } });
  fireEvent.change(field('Description'), { target: { value: 'Five kills with a Deagle' } });
  fireEvent.change(field('YouTube link'), { target: { value: video } });
};

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
    // SPEC §4: "after each submit attempt", the one the form refused included.
    expect(screen.getByRole('button', { name: 'Wait 15s' })).toBeDisabled();
  });

  it("publishes, then reads 'Wait 15s' ticking down each second back to 'Publish'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<NewPostForm />);
    fill();
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
    fill();
    submit();
    await waitFor(() =>
      expect(field('YouTube link')).toHaveAccessibleDescription(POST_MESSAGES.videoTooLong),
    );
    // SPEC §4: the wait runs after each submit attempt, a refused one too.
    expect(screen.getByRole('button', { name: 'Wait 15s' })).toBeDisabled();
  });

  it("shows the server's own cooldown on the button, counting what is left of it", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        status: 422,
        body: { message: cooldownMessage(9), code: ERROR_CODES.cooldown },
      }),
    );
    renderWithApp(<NewPostForm />);
    fill();
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(cooldownMessage(9));
    expect(screen.getByRole('button', { name: 'Wait 9s' })).toBeDisabled();
  });
});

describe('the YouTube link (SPEC §4 forms; YouTube links only)', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
  ])('takes %s', async (link) => {
    renderWithApp(<NewPostForm />);
    fill(link);
    submit();
    expect(await screen.findByText(POST_MESSAGES.published)).toBeInTheDocument();
  });

  it.each(['https://vimeo.com/76979871', 'https://www.youtube.com/@channel', 'not a link'])(
    'refuses %s with the shared message before sending',
    async (link) => {
      renderWithApp(<NewPostForm />);
      fill(link);
      submit();
      await waitFor(() =>
        expect(field('YouTube link')).toHaveAccessibleDescription(POST_MESSAGES.videoInvalid),
      );
      expect(posted()).toHaveLength(0);
      // SPEC §4: the refused attempt counts as one; the wait runs all the same.
      expect(screen.getByRole('button', { name: 'Wait 15s' })).toBeDisabled();
    },
  );
});

describe('the composer on the home page (the feed comes first)', () => {
  const oneLine = () => screen.getByRole('textbox', { name: 'Title' });

  it("is one 'What's new?' line until it gets focus, then the whole SPEC §5 form", async () => {
    const user = userEvent.setup();
    renderWithApp(<NewPostForm collapsible />);
    expect(oneLine()).toHaveAttribute('placeholder', "What's new?");
    expect(screen.queryByLabelText(/Description/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();

    await user.tab();

    expect(oneLine()).toHaveFocus();
    expect(screen.getByLabelText(/Description/)).toBeInTheDocument();
    expect(screen.getByLabelText(/YouTube link/)).toBeInTheDocument();
    expect(screen.getByLabelText('Add image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('closes on Escape or Cancel while empty, and opens again on a click', async () => {
    const user = userEvent.setup();
    renderWithApp(<NewPostForm collapsible />);
    await user.click(oneLine());
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(/Description/)).not.toBeInTheDocument();
    expect(oneLine()).toHaveFocus();

    await user.click(oneLine());
    await user.click(screen.getByLabelText(/Description/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/Description/)).not.toBeInTheDocument();
    // Focus comes back to the line without opening it again.
    expect(oneLine()).toHaveFocus();
  });

  it('keeps a draft open on Escape and asks before Cancel discards it', async () => {
    const user = userEvent.setup();
    renderWithApp(<NewPostForm collapsible />);
    await user.type(oneLine(), 'Ace');
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText(/Description/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(oneLine()).toHaveValue('Ace');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard this post?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(oneLine()).toHaveValue('');
    expect(screen.queryByLabelText(/Description/)).not.toBeInTheDocument();
  });

  it('publishes with the same texts and keeps its 15 s wait when closed and opened again', async () => {
    const user = userEvent.setup();
    renderWithApp(<NewPostForm collapsible />);
    await user.click(oneLine());
    fill();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(POST_MESSAGES.published)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Wait 1[45]s$/ })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(oneLine());
    expect(screen.getByRole('button', { name: /^Wait 1[45]s$/ })).toBeDisabled();
  });
});

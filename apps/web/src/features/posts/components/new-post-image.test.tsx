import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, POST_MESSAGES, UPLOAD_MESSAGES } from '@devplay/shared';
import { clearToken } from '../../../lib/token-store';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { FakeXhr } from '../../../test/fake-xhr';
import { makeMe, makePost } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { NewPostForm } from './new-post-form';

const fetchMock = stubFetch({ signedIn: true });
const png = new File(['png-bytes'], 'shot.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'POST /api/post': () => jsonResponse({ status: 201, body: makePost() }),
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

/** The upload starts once the lazily loaded rules have passed the form. */
const sentUpload = () =>
  vi.waitFor(
    () => {
      const xhr = FakeXhr.sent[0];
      if (!xhr) throw new Error('no upload yet');
      return xhr;
    },
    { timeout: 3_000 },
  );

function setup() {
  // The picker's accept="image/*" would hide wrong files from the test as from the dialog.
  const user = userEvent.setup({ applyAccept: false });
  renderWithApp(<NewPostForm />);
  const picker = screen.getByLabelText('Add image');
  const fillText = async () => {
    await user.type(screen.getByLabelText('Title'), 'Ace on Inferno');
    await user.type(screen.getByLabelText(/^Description/), 'Five kills with a Deagle');
  };
  const publish = () => user.click(screen.getByRole('button', { name: 'Publish' }));
  return { user, picker, fillText, publish };
}

describe('the new-post image picker (SPEC §5)', () => {
  it("refuses a file that is not an image with 'Please select an image file.'", async () => {
    const { user, picker } = setup();

    await user.upload(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(picker).toHaveAccessibleDescription(expect.stringContaining(UPLOAD_MESSAGES.imageType));
    expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("refuses an image over 5242880 bytes with 'Image too large (>5MB).'", async () => {
    const { user, picker } = setup();
    const big = new File([new Uint8Array(LIMITS.imageMaxBytes + 1)], 'big.png', {
      type: 'image/png',
    });

    await user.upload(picker, big);

    expect(picker).toHaveAccessibleDescription(
      expect.stringContaining(UPLOAD_MESSAGES.imageTooLarge),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('accepts an image of exactly 5242880 bytes, shows its preview and can remove it', async () => {
    const { user, picker } = setup();
    const edge = new File([new Uint8Array(LIMITS.imageMaxBytes)], 'edge.png', {
      type: 'image/png',
    });

    await user.upload(picker, edge);
    expect(screen.getByRole('img', { name: /preview/i })).toHaveAttribute('src', 'blob:preview');
    expect(picker).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
  });

  it('uploads on submit with a progress bar, then publishes with the uploaded URL', async () => {
    const { user, picker, fillText, publish } = setup();
    await fillText();
    await user.upload(picker, png);
    await user.type(screen.getByLabelText(/^Image description/), 'Two players at mid');
    await publish();

    const xhr = await sentUpload();
    expect(screen.getByRole('button', { name: POST_MESSAGES.publishing })).toBeDisabled();
    act(() => xhr.progress(30, 100));
    expect(screen.getByRole('progressbar', { name: 'Uploading image' })).toHaveValue(30);

    act(() => xhr.respond(201, { url: '/uploads/abc.webp' }));
    expect(await screen.findByText(POST_MESSAGES.published)).toBeInTheDocument();
    const [, init] = requestsTo(fetchMock, 'POST /api/post')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Ace on Inferno',
      image: '/uploads/abc.webp',
      imageAlt: 'Two players at mid',
      video: null,
    });
    expect(screen.queryByRole('img', { name: /preview/i })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it("says 'Image upload failed.' under the picker when the upload breaks, and publishes nothing", async () => {
    const { user, picker, fillText, publish } = setup();
    await fillText();
    await user.upload(picker, png);
    await publish();

    const xhr = await sentUpload();
    act(() => xhr.respond(500, {}));

    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        expect.stringContaining(UPLOAD_MESSAGES.uploadFailed),
      ),
    );
    expect(requestsTo(fetchMock, 'POST /api/post')).toHaveLength(0);
    // SPEC §4: the wait follows every submit attempt, a failed one too.
    expect(screen.getByRole('button', { name: 'Wait 15s' })).toBeDisabled();
  });

  it("shows a 429 in the banner with 'Too many requests. Please try again later.'", async () => {
    routeFetch(fetchMock, {
      'GET /api/me': () => jsonResponse({ body: makeMe() }),
      'POST /api/post': () => jsonResponse({ status: 429, body: {} }),
    });
    const { user, fillText, publish } = setup();
    await fillText();
    await user.type(screen.getByLabelText(/YouTube link/), 'https://youtu.be/dQw4w9WgXcQ');
    await publish();

    expect(await screen.findByRole('alert')).toHaveTextContent(POST_MESSAGES.tooManyRequests);
    // A refused post was still a submit attempt: SPEC §4's wait runs after it.
    expect(screen.getByRole('button', { name: 'Wait 15s' })).toBeDisabled();
  });

  it("asks to sign in with 'Authorization required.' when there is no session", async () => {
    clearToken();
    const { user, fillText, publish } = setup();
    await fillText();
    await user.type(screen.getByLabelText(/YouTube link/), 'https://youtu.be/dQw4w9WgXcQ');
    await publish();

    expect(await screen.findByRole('alert')).toHaveTextContent(POST_MESSAGES.authorizationRequired);
    expect(requestsTo(fetchMock, 'POST /api/post')).toHaveLength(0);
  });
});

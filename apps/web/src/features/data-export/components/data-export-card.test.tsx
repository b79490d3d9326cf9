import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_MESSAGES, type DataExport } from '@devplay/shared';
import { formatDateTime } from '../../../lib/format-date-time';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { DataExportCard } from './data-export-card';

const fetchMock = stubFetch({ signedIn: true });

const NONE: DataExport = { status: 'none', createdAt: null, expiresAt: null };
const PENDING: DataExport = {
  status: 'pending',
  createdAt: '2026-03-07T10:00:00Z',
  expiresAt: null,
};
const READY: DataExport = {
  status: 'ready',
  createdAt: '2026-03-07T10:00:00Z',
  expiresAt: '2026-03-14T10:01:00Z',
};

let stored: DataExport;
let refusal: { status: number; message: string } | null;
const zip = new Uint8Array([80, 75, 5, 6]);

beforeEach(() => {
  stored = NONE;
  refusal = null;
  routeFetch(fetchMock, {
    'GET /api/me/export': () => jsonResponse({ body: stored }),
    'POST /api/me/export': () => {
      if (refusal) return jsonResponse({ status: refusal.status, body: refusal });
      stored = PENDING;
      return jsonResponse({ status: 202, body: PENDING });
    },
    'GET /api/me/export/download': () =>
      refusal
        ? jsonResponse({ status: refusal.status, body: refusal })
        : new Response(zip, {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="devplay-ada-2026-03-07.zip"',
            },
          }),
  });
});
afterEach(() => vi.useRealTimers());

const render = () => renderWithApp(<DataExportCard email="ada@example.com" />);
const button = (name: string) => screen.findByRole('button', { name });

describe('the Your data card', () => {
  it('says what the archive holds, and offers to make one', async () => {
    render();
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
    expect(screen.getByText(/posts, comments, likes, follows, messages/)).toBeInTheDocument();
    expect(await button('Download my data')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('asks for one, then says it is being made and that a mail will come, focused there', async () => {
    const user = userEvent.setup();
    render();
    await user.click(await button('Download my data'));

    const making = (await screen.findByText('We are making your archive…')).closest(
      '[role="status"]',
    );
    expect(making).toHaveTextContent('We are making your archive…');
    expect(making).toHaveTextContent('We will e-mail you at ada@example.com when it is ready.');
    expect(making).toHaveFocus();
    expect(requestsTo(fetchMock, 'POST /api/me/export')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Download my data' })).not.toBeInTheDocument();
  });

  it('asks again every 5 s while it is being made, and shows Download once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stored = PENDING;
    render();
    await screen.findByText('We are making your archive…');
    const asked = requestsTo(fetchMock, 'GET /api/me/export').length;

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(requestsTo(fetchMock, 'GET /api/me/export')).toHaveLength(asked);
    stored = READY;
    await act(() => vi.advanceTimersByTimeAsync(200));

    expect(await button('Download')).toBeEnabled();
    expect(
      screen.getByText(`Your archive is ready until ${formatDateTime(READY.expiresAt!)}.`),
    ).toBeInTheDocument();
    // Ready: nothing more to wait for, so no more asking.
    const settled = requestsTo(fetchMock, 'GET /api/me/export').length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(requestsTo(fetchMock, 'GET /api/me/export')).toHaveLength(settled);
  });

  it('downloads the zip with the token and saves it under the server’s name', async () => {
    stored = READY;
    const saved: { name: string; bytes: Uint8Array }[] = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:archive');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, bytes: zip });
    });
    const user = userEvent.setup();
    render();

    await user.click(await button('Download'));

    await vi.waitFor(() =>
      expect(saved).toEqual([{ name: 'devplay-ada-2026-03-07.zip', bytes: zip }]),
    );
    const [[init]] = [requestsTo(fetchMock, 'GET /api/me/export/download').map(([, i]) => i)];
    expect(new Headers(init?.headers).get('access-token')).toBe('token-a');
    const blob = created.mock.calls[0]![0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(zip);
    clicked.mockRestore();
  });

  it('shows the server’s refusals in its own words: one being made, one a day', async () => {
    const user = userEvent.setup();
    refusal = { status: 429, message: DATA_EXPORT_MESSAGES.oncePerDay };
    render();
    await user.click(await button('Download my data'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DATA_EXPORT_MESSAGES.oncePerDay);

    refusal = { status: 409, message: DATA_EXPORT_MESSAGES.inProgress };
    stored = PENDING;
    await user.click(await button('Download my data'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DATA_EXPORT_MESSAGES.inProgress);
    // The card reads the state again: the archive being made shows.
    expect(await screen.findByText('We are making your archive…')).toBeInTheDocument();
  });

  it('says so when the archive is gone by the time it is downloaded', async () => {
    stored = READY;
    const user = userEvent.setup();
    render();
    refusal = { status: 404, message: DATA_EXPORT_MESSAGES.noneReady };
    stored = NONE;
    await user.click(await button('Download'));
    expect(await screen.findByRole('alert')).toHaveTextContent(DATA_EXPORT_MESSAGES.noneReady);
    expect(await button('Download my data')).toBeInTheDocument();
  });

  it('offers to try again when the state cannot be read', async () => {
    routeFetch(fetchMock, {
      'GET /api/me/export': () => jsonResponse({ status: 500, body: { message: 'Server error' } }),
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your archive.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

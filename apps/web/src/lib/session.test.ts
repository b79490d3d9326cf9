import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../test/fetch-mock';
import { jsonResponse } from '../test/render';

const fetchMock = stubFetch({ signedIn: false });

const setMarker = (present: boolean) => {
  document.cookie = present ? 'dp_session=1; path=/' : 'dp_session=; max-age=0; path=/';
};

/** The start-up runs once per page load, so each test loads the module afresh. */
async function startUp() {
  vi.resetModules();
  const { bootstrapSession, sessionKeys } = await import('./session');
  const { getToken } = await import('./token-store');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await bootstrapSession(queryClient);
  return { queryClient, sessionKeys, token: getToken() };
}

describe('bootstrapSession (SPEC §4 app start)', () => {
  beforeEach(() => setMarker(true));
  afterEach(() => setMarker(false));

  it('without the marker cookie makes no request at all: a visitor has nothing to refresh', async () => {
    setMarker(false);

    const { token } = await startUp();

    expect(fetchMock).not.toHaveBeenCalled();
    expect(token).toBeNull();
  });

  it('with the marker refreshes once, stores the token and asks for the profile at once', async () => {
    const me = makeMe();
    routeFetch(fetchMock, {
      'POST /api/refresh': () => jsonResponse({ body: { token: 'fresh' } }),
      'GET /api/me': () => jsonResponse({ body: me }),
    });

    const { queryClient, sessionKeys, token } = await startUp();

    expect(token).toBe('fresh');
    expect(requestsTo(fetchMock, 'POST /api/refresh')).toHaveLength(1);
    expect(requestsTo(fetchMock, 'GET /api/me')).toHaveLength(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(sessionKeys.me())).toEqual(me), {
      timeout: 3_000,
    });
  });

  it('settles once the token is known, without waiting for the profile', async () => {
    routeFetch(fetchMock, {
      'POST /api/refresh': () => jsonResponse({ body: { token: 'fresh' } }),
      // The profile never answers: the start-up must not hang on it.
      'GET /api/me': () => new Promise<Response>(() => {}),
    });

    const { token } = await startUp();

    expect(token).toBe('fresh');
  });

  it('a refused refresh leaves the visitor signed out, quietly, without asking for the profile', async () => {
    routeFetch(fetchMock, {
      'POST /api/refresh': () => jsonResponse({ status: 401, body: { message: 'No session' } }),
    });

    const { queryClient, sessionKeys, token } = await startUp();

    expect(token).toBeNull();
    expect(requestsTo(fetchMock, 'GET /api/me')).toHaveLength(0);
    expect(queryClient.getQueryData(sessionKeys.me())).toBeUndefined();
  });
});

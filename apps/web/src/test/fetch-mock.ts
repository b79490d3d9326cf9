import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { clearToken, setToken } from '../lib/token-store';
import { jsonResponse } from './render';

/**
 * Stands in for fetch in every test of the calling file, with a member signed in (an access
 * token in memory) or not; what it answers is each test's to plan.
 */
export function stubFetch({ signedIn }: { signedIn: boolean }): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    if (signedIn) setToken('token-a');
    else clearToken();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    clearToken();
  });
  return fetchMock;
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Answers each request by "METHOD /path" (query string ignored); anything unplanned fails the
 * test loudly instead of hanging.
 */
export function routeFetch(fetchMock: Mock<typeof fetch>, routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = routes[key];
    if (!handler) return jsonResponse({ status: 599, body: { message: `unexpected ${key}` } });
    return handler(init, url);
  });
}

export const requestsTo = (fetchMock: Mock<typeof fetch>, key: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key,
  );

/** A promise the test settles when it wants, to look at the screen in between. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sessionKeys, bindSessionToQueryClient } from './session';
import { jsonResponse } from '../test/render';
import { api, ApiRequestError, onSessionExpired } from './api-client';
import { getToken, setToken } from './token-store';
import { stubFetch } from '../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: false });

const unauthorized = () =>
  jsonResponse({ status: 401, body: { message: 'Authorization required.', code: 'UNAUTHORIZED' } });

const headerOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('access-token');
const urlOf = (call: number) => fetchMock.mock.calls[call]?.[0];

describe('api client', () => {
  it('sends the token in the access-token header, with cookies, as JSON', async () => {
    setToken('token-a');
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { ok: true } }));

    await expect(api.call('createComment', { body: { postId: 7, text: 'hi' } })).resolves.toEqual({
      ok: true,
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(urlOf(0)).toBe('/api/comment');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(headerOf(0)).toBe('token-a');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"postId":7,"text":"hi"}');
  });

  it('on a 401 refreshes once, stores the new token and retries the request with it', async () => {
    setToken('expired');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse({ body: { token: 'fresh' } }))
      .mockResolvedValueOnce(jsonResponse({ body: { id: 1 } }));

    await expect(api.call('getMe')).resolves.toEqual({ id: 1 });

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/me',
      '/api/refresh',
      '/api/me',
    ]);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(headerOf(0)).toBe('expired');
    expect(headerOf(2)).toBe('fresh');
    expect(getToken()).toBe('fresh');
  });

  it('shares one refresh between requests that fail together', async () => {
    setToken('expired');
    let resolveRefresh: (response: Response) => void = () => {};
    fetchMock.mockImplementation((input) => {
      const url = String(input);
      if (url === '/api/refresh') {
        return new Promise<Response>((resolve) => {
          resolveRefresh = resolve;
        });
      }
      return Promise.resolve(getToken() === 'fresh' ? jsonResponse({ body: url }) : unauthorized());
    });

    const both = Promise.all([api.call('listMaps'), api.call('listMatches')]);
    await vi.waitFor(() => expect(urlOf(2)).toBe('/api/refresh'), { timeout: 3_000 });
    resolveRefresh(jsonResponse({ body: { token: 'fresh' } }));

    await expect(both).resolves.toEqual(['/api/maps', '/api/tournament-matches']);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/refresh')).toHaveLength(1);
  });

  it('reuses a token refreshed by another request instead of refreshing again', async () => {
    setToken('expired');
    fetchMock.mockImplementationOnce(async () => {
      // While this request is in flight, another one has already got a fresh token.
      setToken('fresh');
      return unauthorized();
    });
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { id: 1 } }));

    await expect(api.call('getMe')).resolves.toEqual({ id: 1 });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/me', '/api/me']);
    expect(headerOf(1)).toBe('fresh');
  });

  it('retries only once: a second 401 is reported, not refreshed again', async () => {
    setToken('expired');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse({ body: { token: 'fresh' } }))
      .mockResolvedValueOnce(unauthorized());

    await expect(api.call('getMe')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears the token and the session silently when the refresh fails', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.me(), { id: 1, username: 'ada' });
    const unbind = bindSessionToQueryClient(queryClient);
    const expired = vi.fn();
    const stopListening = onSessionExpired(expired);
    setToken('expired');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(
        jsonResponse({ status: 401, body: { message: 'No session', code: 'X' } }),
      );

    const error = await api.call('getMe').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, message: 'Authorization required.' });
    expect(getToken()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(sessionKeys.me())).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stopListening();
    unbind();
  });

  it('never refreshes for the refresh call itself', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized());

    await expect(api.call('refreshSession')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('carries status, code, field and the server message on errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        status: 409,
        body: { message: 'Taken', code: 'EMAIL_TAKEN', field: 'email' },
      }),
    );

    const body = { email: 'a@b.cd', username: 'ada', password: 'x', confirm_password: 'x' };
    await expect(api.call('signUp', { body })).rejects.toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      field: 'email',
      message: 'Taken',
      serverMessage: 'Taken',
    });
  });

  it("falls back to 'Server error' when the response has no message", async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));

    await expect(api.call('getNews')).rejects.toMatchObject({
      status: 502,
      message: 'Server error',
      serverMessage: undefined,
    });
  });

  it('reports a request that got no response as status 0 with its own message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(api.call('getNews')).rejects.toMatchObject({
      status: 0,
      isNetworkError: true,
      message: 'Failed to fetch',
    });
  });

  it('answers an expected 4xx to its caller without logging it (the page decides what to show)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 404, body: { message: 'User not found', code: 'NOT_FOUND' } }),
    );

    await expect(api.call('getProfile', { params: { username: 'nobody' } })).rejects.toMatchObject({
      status: 404,
    });

    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    errors.mockRestore();
    warnings.mockRestore();
  });
});

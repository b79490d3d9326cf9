import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, apiRoutes, SESSION_MARKER_COOKIE } from '@devplay/shared';
import { jsonResponse } from '../test/render';
import { stubFetch } from '../test/fetch-mock';
import { refreshAccessToken } from './api-client';
import { getToken } from './token-store';

const fetchMock = stubFetch({ signedIn: false });
const refresh = apiRoutes.refreshSession;
const bootScript = () =>
  readFile(path.resolve(import.meta.dirname, '../../public/boot.js'), 'utf8');
const runBootScript = async () => new Function(await bootScript())();

afterEach(() => {
  delete window.__devplayStartupRefresh;
  document.cookie = 'dp_session=; max-age=0; path=/';
});

describe('the start-up refresh sent by public/boot.js', () => {
  it('is sent by boot.js when the marker says a session may exist, and the app uses its answer', async () => {
    document.cookie = 'dp_session=1; path=/';
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'early' } }));

    await runBootScript();
    await expect(refreshAccessToken()).resolves.toBe('early');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`${API_BASE}${refresh.path}`);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      method: refresh.method,
      credentials: 'include',
    });
    expect(getToken()).toBe('early');
  });

  it('is taken once: a later refresh is the app’s own request', async () => {
    document.cookie = 'dp_session=1; path=/';
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ body: { token: 'early' } }))
      .mockResolvedValueOnce(jsonResponse({ body: { token: 'later' } }));

    await runBootScript();
    await refreshAccessToken();
    await expect(refreshAccessToken()).resolves.toBe('later');

    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not sent by a boot.js that runs after the app refreshed: the cookie is never used twice', async () => {
    document.cookie = 'dp_session=1; path=/';
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'own' } }));

    await refreshAccessToken();
    await runBootScript();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.__devplayStartupRefresh).toBeNull();
  });

  it('names the marker cookie and the refresh operation as the contract does (boot.js cannot import them)', async () => {
    const code = await bootScript();

    expect(code).toContain(`${SESSION_MARKER_COOKIE}=`);
    expect(code).toContain(`fetch('${API_BASE}${refresh.path}'`);
    expect(code).toContain(`method: '${refresh.method}'`);
  });

  it('is not sent for a visitor without the marker cookie', async () => {
    await runBootScript();

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts as a failed refresh when boot.js could not reach the server', async () => {
    document.cookie = 'dp_session=1; path=/';
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));

    await runBootScript();

    await expect(refreshAccessToken()).resolves.toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { stubFetch } from '../test/fetch-mock';
import { jsonResponse } from '../test/render';
import { fetchFile } from './api-file';
import { setToken } from './token-store';

const fetchMock = stubFetch({ signedIn: false });

const unauthorized = () =>
  jsonResponse({ status: 401, body: { message: 'Authorization required.', code: 'UNAUTHORIZED' } });
const headerOf = (call: number) =>
  new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('access-token');
const urlOf = (call: number) => fetchMock.mock.calls[call]?.[0];

describe('a file an operation answers', () => {
  const zip = (disposition: string) =>
    new Response(new Uint8Array([80, 75, 5, 6]), {
      headers: { 'Content-Type': 'application/zip', 'Content-Disposition': disposition },
    });

  it('comes as a Blob under the name the server gave, asked for with the token', async () => {
    setToken('token-a');
    fetchMock.mockResolvedValueOnce(zip('attachment; filename="devplay-ada-2026-03-14.zip"'));

    const file = await fetchFile('downloadExport');

    expect(urlOf(0)).toBe('/api/me/export/download');
    expect(headerOf(0)).toBe('token-a');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('accept')).toBe('*/*');
    expect(file.fileName).toBe('devplay-ada-2026-03-14.zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 5, 6]));
  });

  it('refreshes once on a 401, and takes no path for a name', async () => {
    setToken('expired');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(jsonResponse({ body: { token: 'fresh' } }))
      .mockResolvedValueOnce(zip('attachment; filename="../../evil.zip"'));

    const file = await fetchFile('downloadExport');

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/me/export/download',
      '/api/refresh',
      '/api/me/export/download',
    ]);
    expect(headerOf(2)).toBe('fresh');
    expect(file.fileName).toBe('download');
  });

  it('fails with the server’s message when there is none to send', async () => {
    setToken('token-a');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 404, body: { message: 'There is none.', code: 'NOT_FOUND' } }),
    );

    await expect(fetchFile('downloadExport')).rejects.toMatchObject({
      status: 404,
      message: 'There is none.',
    });
  });
});

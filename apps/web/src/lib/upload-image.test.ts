import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from './api-client';
import { getToken } from './token-store';
import { jsonResponse } from '../test/render';
import { FakeXhr } from '../test/fake-xhr';
import { uploadImage } from './upload-image';
import { stubFetch } from '../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const file = new File(['png-bytes'], 'shot.png', { type: 'image/png' });
const nextRequest = async (index: number) => {
  await vi.waitFor(() => expect(FakeXhr.sent[index]).toBeDefined(), { timeout: 3_000 });
  return FakeXhr.sent[index]!;
};

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
describe('uploadImage', () => {
  it('posts the file as multipart field `image` with the access-token header and reports progress', async () => {
    const onProgress = vi.fn();
    const result = uploadImage(file, onProgress);
    const xhr = await nextRequest(0);

    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/upload-image');
    expect(xhr.headers['access-token']).toBe('token-a');
    expect(xhr.withCredentials).toBe(true);
    expect((xhr.body as FormData).get('image')).toBe(file);

    xhr.progress(50, 200);
    expect(onProgress).toHaveBeenLastCalledWith(0.25);
    xhr.respond(201, { url: '/uploads/abc.webp' });
    await expect(result).resolves.toBe('/uploads/abc.webp');
  });

  it('on a 401 refreshes the token once and sends again with the new one', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { token: 'token-b' } }));
    const result = uploadImage(file);

    (await nextRequest(0)).respond(401, { message: 'Authorization required.' });
    const retry = await nextRequest(1);
    expect(retry.headers['access-token']).toBe('token-b');
    expect(getToken()).toBe('token-b');
    retry.respond(201, { url: '/uploads/abc.webp' });

    await expect(result).resolves.toBe('/uploads/abc.webp');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server message and field when the picture is refused', async () => {
    const result = uploadImage(file);
    (await nextRequest(0)).respond(413, {
      message: UPLOAD_MESSAGES.imageTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
      field: 'image',
    });

    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 413,
      field: 'image',
      serverMessage: UPLOAD_MESSAGES.imageTooLarge,
    });
  });
});

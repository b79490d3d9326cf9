import { ACCESS_TOKEN_HEADER, API_BASE, apiRoutes, type ApiOutput } from '@devplay/shared';
import {
  ApiRequestError,
  errorFromAnswer,
  NETWORK_ERROR_CODE,
  parseBody,
  sendWithRefresh,
} from './api-client';
import { operationUrl } from './operation-url';
import { getToken } from './token-store';

interface RawResponse {
  status: number;
  statusText: string;
  body: unknown;
}

/** fetch() cannot report upload progress yet, so this one call goes through XMLHttpRequest. */
function send(
  file: File,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(apiRoutes.uploadImage.method, `${API_BASE}${operationUrl('uploadImage')}`);
    // The same credentials the api client sends: the refresh cookie and the access-token header.
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        body: parseBody(xhr.responseText),
      });
    xhr.onerror = () =>
      reject(
        new ApiRequestError({ status: 0, code: NETWORK_ERROR_CODE, message: 'Network error' }),
      );
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

const toError = ({ status, statusText, body }: RawResponse) =>
  errorFromAnswer(status, statusText, body);

/**
 * POST /upload-image with the picture as multipart field `image`; resolves with the stored URL.
 * Like the api client, a 401 refreshes the token once and retries (SPEC §4).
 */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  let sends = 0;
  const response = await sendWithRefresh(() => {
    // A retry starts the bar again: the whole file goes up a second time.
    if (sends++ > 0) onProgress?.(0);
    return send(file, onProgress, signal);
  }, toError);
  if (response.status < 200 || response.status >= 300) throw toError(response);
  const url = (response.body as Partial<ApiOutput<'uploadImage'>> | null)?.url;
  if (typeof url !== 'string') {
    throw new ApiRequestError({ status: response.status, code: 'BAD_RESPONSE' });
  }
  onProgress?.(1);
  return url;
}

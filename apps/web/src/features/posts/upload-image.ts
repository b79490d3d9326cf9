import { ACCESS_TOKEN_HEADER, API_BASE } from '@devplay/shared';
import {
  ApiRequestError,
  expireSession,
  NETWORK_ERROR_CODE,
  refreshAccessToken,
} from '../../lib/api-client';
import { getToken } from '../../lib/token-store';

interface RawResponse {
  status: number;
  statusText: string;
  body: unknown;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch() cannot report upload progress yet, so this one call goes through XMLHttpRequest. */
function send(
  file: File,
  onProgress: ((fraction: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload-image`);
    // The same credentials the api client sends: the refresh cookie and the access-token header.
    xhr.withCredentials = true;
    const token = getToken();
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: parse(xhr.responseText) });
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

function toError({ status, statusText, body }: RawResponse): ApiRequestError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return new ApiRequestError({
    status,
    code: str(record.code) ?? `HTTP_${status}`,
    field: str(record.field),
    serverMessage: str(record.message),
    message: statusText || undefined,
  });
}

/**
 * POST /upload-image with the picture as multipart field `image`; resolves with the stored URL.
 * Like the api client, a 401 refreshes the token once and retries (SPEC §4).
 */
export async function uploadImage(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const sentToken = getToken();
  let response = await send(file, onProgress, signal);
  if (response.status === 401) {
    const current = getToken();
    const token = current && current !== sentToken ? current : await refreshAccessToken();
    if (!token) {
      expireSession();
      throw toError(response);
    }
    onProgress?.(0);
    response = await send(file, onProgress, signal);
  }
  if (response.status < 200 || response.status >= 300) throw toError(response);
  const url = (response.body as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') {
    throw new ApiRequestError({ status: response.status, code: 'BAD_RESPONSE' });
  }
  onProgress?.(1);
  return url;
}

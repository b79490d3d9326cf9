import { apiRoutes, type ApiOperation } from '@devplay/shared';
import { send, sendWithRefresh, toError } from './api-client';
import { operationUrl } from './operation-url';

/** `attachment; filename="devplay-ada-2026-03-14.zip"` → the name; a plain one when absent. */
function fileNameOf(disposition: string | null) {
  return /filename="([^"/\\]+)"/.exec(disposition ?? '')?.[1] ?? 'download';
}

/**
 * An operation that answers a file (a zip): its bytes as a Blob and the name the server gave it.
 * Sent like `api.call` (the access token in its header, one refresh on a 401), which a plain link
 * could not do.
 */
export async function fetchFile(operation: ApiOperation) {
  const { method } = apiRoutes[operation];
  const options = { method, accept: '*/*' };
  const path = operationUrl(operation);
  const response = await sendWithRefresh(() => send(path, options), toError);
  if (!response.ok) throw await toError(response);
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName };
}

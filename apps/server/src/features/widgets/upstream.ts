import { ERROR_CODES } from '@devplay/shared';
import { AppError } from '../../lib/errors';

/** Larger answers are not a weather report or a news feed. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * What went wrong with a third party, for the log; the client only ever reads the widget's own
 * text (SPEC §8), never anything the third party said.
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly kind: 'timeout' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

/** The 502 or 504 a widget answers for an upstream failure, with the widget's spec text. */
export function upstreamFailure(error: unknown, message: string): AppError {
  return error instanceof UpstreamError && error.kind === 'timeout'
    ? new AppError(504, ERROR_CODES.upstreamTimeout, message)
    : new AppError(502, ERROR_CODES.upstreamFailed, message);
}

async function readCapped(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  if (length > MAX_BODY_BYTES) throw new UpstreamError('failed', `answer of ${length} bytes`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) throw new UpstreamError('failed', 'answer over the size limit');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * GETs a third party's text within `timeoutMs` (the whole exchange, body included). Anything but
 * a 2xx answer in time is an UpstreamError.
 */
export async function fetchText(
  url: URL,
  timeoutMs: number,
  accept = 'application/json',
): Promise<string> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept, 'user-agent': 'DevPlay/1.0 (+widgets)' },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new UpstreamError('failed', `${url.host} answered ${response.status}`);
    }
    return await readCapped(response);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (signal.aborted)
      throw new UpstreamError('timeout', `${url.host}: no answer in ${timeoutMs} ms`);
    throw new UpstreamError('failed', `${url.host}: ${(error as Error).message}`);
  }
}

/** As fetchText, parsed as JSON (malformed JSON is a failure like any other). */
export async function fetchJson(url: URL, timeoutMs: number): Promise<unknown> {
  const text = await fetchText(url, timeoutMs);
  try {
    return JSON.parse(text);
  } catch {
    throw new UpstreamError('failed', `${url.host} answered malformed JSON`);
  }
}

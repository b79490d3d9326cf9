import {
  ACCESS_TOKEN_HEADER,
  API_BASE,
  apiRoutes,
  SHELL_MESSAGES,
  type ApiOperation,
  type ApiOutput,
  type ApiRequest,
} from '@devplay/shared';
import { operationUrl, type OperationValues } from './operation-url';
import { clearToken, getToken, setToken } from './token-store';

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** Any failed /api call. `status` is 0 when no response arrived at all. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  /** The `message` of the error body, when the server sent one (SPEC §8 prefers it). */
  readonly serverMessage: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message?: string;
    field?: string;
    serverMessage?: string;
  }) {
    super(init.serverMessage ?? init.message ?? SHELL_MESSAGES.serverError);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.serverMessage = init.serverMessage;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData goes through untouched (multipart). */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Public auth calls (sign-in, sign-up, codes) answer 401 for bad credentials, not for a stale
   * token, so refreshing and retrying them would only repeat the failure.
   */
  refreshOn401?: boolean;
  /** What the answer may be: JSON unless the operation answers a file. */
  accept?: string;
}

type SessionListener = () => void;
const sessionExpiredListeners = new Set<SessionListener>();

/** Called when a refresh fails and the session is dropped (SPEC §4: silently). */
export function onSessionExpired(listener: SessionListener): () => void {
  sessionExpiredListeners.add(listener);
  return () => {
    sessionExpiredListeners.delete(listener);
  };
}

export function expireSession(): void {
  clearToken();
  for (const listener of sessionExpiredListeners) listener();
}

const REFRESH = apiRoutes.refreshSession;
let refreshInFlight: Promise<string | null> | null = null;

/**
 * Asks for a new access token with the refresh cookie. Concurrent callers share one request:
 * the server rotates the cookie on every use, so parallel refreshes would race each other.
 */
export function refreshAccessToken(): Promise<string | null> {
  // `.finally` runs as a microtask, so the reset can never precede the assignment.
  refreshInFlight ??= requestNewToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

declare global {
  interface Window {
    /** The refresh public/boot.js sent before this code arrived; null once taken. */
    __devplayStartupRefresh?: Promise<Response | null> | null;
  }
}

/**
 * The refresh boot.js started, once; every later refresh is the app's own. Emptying the slot
 * also tells a boot.js that runs late not to send a second one.
 */
function takeStartupRefresh(): Promise<Response | null> | null {
  const early = window.__devplayStartupRefresh ?? null;
  window.__devplayStartupRefresh = null;
  return early;
}

async function requestNewToken(): Promise<string | null> {
  try {
    const response = await (takeStartupRefresh() ??
      fetch(`${API_BASE}${REFRESH.path}`, { method: REFRESH.method, credentials: 'include' }));
    if (!response?.ok) return null;
    const body = (await readBody(response)) as { token?: unknown } | null;
    const token = typeof body?.token === 'string' ? body.token : null;
    if (token) setToken(token);
    return token;
  } catch {
    return null;
  }
}

/** A response body as JSON, or as the raw text when it is not JSON; `null` when empty. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  return parseBody(await response.text());
}

function buildInit(options: RequestOptions): RequestInit {
  const headers = new Headers();
  const token = getToken();
  if (token) headers.set(ACCESS_TOKEN_HEADER, token);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  headers.set('Accept', options.accept ?? 'application/json');

  return {
    method: options.method,
    credentials: 'include',
    headers,
    body,
    signal: options.signal,
  };
}

/** One request to the API; no answer at all is an ApiRequestError of status 0. */
export async function send(path: string, options: RequestOptions): Promise<Response> {
  try {
    return await fetch(`${API_BASE}${path}`, buildInit(options));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: error instanceof Error ? error.message : undefined,
    });
  }
}

/** Reads a failed answer's DESIGN §4 body (`message`, `code`, `field`) into an error. */
export function errorFromAnswer(status: number, statusText: string, body: unknown) {
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

export async function toError(response: Response): Promise<ApiRequestError> {
  const body = await readBody(response).catch(() => null);
  return errorFromAnswer(response.status, response.statusText, body);
}

/**
 * Sends once and, after a 401, once more with a fresh token (SPEC §4: one retry per request;
 * a second 401 is reported, not refreshed again). Without a new token the session ends.
 */
export async function sendWithRefresh<R extends { status: number }>(
  send: () => Promise<R>,
  toFailure: (answer: R) => Promise<ApiRequestError> | ApiRequestError,
): Promise<R> {
  const sentToken = getToken();
  const answer = await send();
  if (answer.status !== 401) return answer;
  // Another request may have refreshed while this one was in flight; then its token is used.
  const current = getToken();
  const token = current && current !== sentToken ? current : await refreshAccessToken();
  if (!token) {
    const error = await toFailure(answer);
    expireSession();
    throw error;
  }
  return send();
}

/** Calls `${API_BASE}${path}` and resolves with the parsed JSON body, or throws ApiRequestError. */
async function apiRequest(path: string, options: RequestOptions): Promise<unknown> {
  const mayRefresh = options.refreshOn401 !== false && path !== REFRESH.path;
  const response = mayRefresh
    ? await sendWithRefresh(() => send(path, options), toError)
    : await send(path, options);
  if (!response.ok) throw await toError(response);
  return readBody(response);
}

type CallRequest<K extends ApiOperation> = ApiRequest<K> &
  Pick<RequestOptions, 'signal' | 'refreshOn401'>;
/** The request may be left out when the operation needs nothing in it. */
type CallArgs<K extends ApiOperation> =
  object extends ApiRequest<K> ? [request?: CallRequest<K>] : [request: CallRequest<K>];

/**
 * One operation of the route contract (packages/shared api-routes): `api.call('createPost',
 * { body })` sends what the server's schemas accept and resolves with what they answer.
 */
function call<K extends ApiOperation>(operation: K, ...[request]: CallArgs<K>) {
  const { params, query, ...options } = (request ?? {}) as OperationValues &
    Omit<RequestOptions, 'method'>;
  const { method } = apiRoutes[operation];
  return apiRequest(operationUrl(operation, { params, query }), { ...options, method }) as Promise<
    ApiOutput<K>
  >;
}

export const api = { call };

import type { Me, Post, UserSummary } from '@devplay/shared';
import type { Mock } from 'vitest';
import { jsonResponse } from '../../test/render';

export const makeUser = (id: number, overrides: Partial<UserSummary> = {}): UserSummary => ({
  id,
  username: `user${id}`,
  fullName: `User ${id}`,
  avatar: null,
  ...overrides,
});

export const makeMe = (overrides: Partial<Me> = {}): Me => ({
  ...makeUser(1, { username: 'ada', fullName: 'Ada Lovelace' }),
  email: 'ada@example.com',
  age: null,
  bio: '',
  balance: 0,
  isVerified: true,
  isAdmin: false,
  posts_count: 0,
  followersCount: 0,
  followingsCount: 0,
  unreadMessages: 0,
  ...overrides,
});

export const makePost = (overrides: Partial<Post> = {}): Post => ({
  id: 10,
  title: 'First match',
  description: 'Three maps.\nInferno was close.',
  image: null,
  video: null,
  createdAt: '2026-03-04T05:06:00.000Z',
  author: makeUser(2, { username: 'bob', fullName: 'Bob Gamer' }),
  likesCount: 0,
  likedByMe: false,
  commentsCount: 0,
  ...overrides,
});

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

/** Stands in for XMLHttpRequest (the upload); the test answers each request by hand. */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

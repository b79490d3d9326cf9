import type { Me, Post } from '@devplay/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { jsonResponse } from '../test/render';
import { api } from './api-client';
import { setToken } from './token-store';
import { stubFetch } from '../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: false });
const urlOf = (call: number) => fetchMock.mock.calls[call]?.[0];

describe('api.call: one operation of the route contract', () => {
  it('fills and encodes path parameters and sends only the defined query values', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { items: [], nextCursor: null } }));

    await api.call('listFollowers', {
      params: { username: 'a/b c' },
      query: { cursor: undefined, limit: 5 },
    });

    expect(urlOf(0)).toBe('/api/followers/a%2Fb%20c?limit=5');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('sends FormData as it is, so the browser writes the multipart boundary', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ body: { id: 1 } }));
    const form = new FormData();
    form.set('bio', 'hi');

    await api.call('updateMe', { body: form });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('hands the signal to fetch, and leaves a public call without a refresh', async () => {
    setToken('stale');
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ status: 401, body: { message: 'Wrong', code: 'INVALID_CREDENTIALS' } }),
    );
    const controller = new AbortController();

    const body = { email: 'a@b.cd', password: 'x' };
    const answer = api.call('signIn', { body, refreshOn401: false, signal: controller.signal });

    await expect(answer).rejects.toMatchObject({ status: 401 });
    expect(fetchMock.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('types every call by the contract', () => {
    expectTypeOf<ReturnType<typeof api.call<'getMe'>>>().resolves.toEqualTypeOf<Me>();
    expectTypeOf<ReturnType<typeof api.call<'createPost'>>>().resolves.toEqualTypeOf<Post>();
    // Never run: tsc checks these lines; the accepted post shows the refusal is the title's.
    const calls = () => [
      // @ts-expect-error: no such operation
      api.call('getEverything'),
      // @ts-expect-error: deleting a post needs its id
      api.call('deletePost'),
      api.call('createPost', { body: { title: 'T', description: 'D', image: null, video: null } }),
      // @ts-expect-error: a post's title is text
      api.call('createPost', { body: { title: 5, description: 'D', image: null, video: null } }),
      // @ts-expect-error: the feed has no `user` filter (it is `user_id`)
      api.call('listPosts', { query: { user: 1 } }),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});

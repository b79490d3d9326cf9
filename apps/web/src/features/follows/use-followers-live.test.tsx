import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { emitLive } from '../../test/live-mock';
import { makeMe } from '../../test/factories';
import { routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { useFollowersLive } from './use-followers-live';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });

function Count() {
  useFollowersLive();
  const { me } = useSession();
  return <p>{me ? `${me.followersCount} subscribers` : 'Loading'}</p>;
}

describe('my count of subscribers', () => {
  it('follows the server live, down on an unfollow as well as up, without reading me again', async () => {
    routeFetch(fetchMock, {
      'GET /api/me': () => jsonResponse({ body: makeMe({ followersCount: 2 }) }),
    });
    renderWithApp(<Count />);
    await screen.findByText('2 subscribers');
    const reads = fetchMock.mock.calls.length;

    await emitLive({ type: 'followers:count', data: { count: 1 } });
    expect(await screen.findByText('1 subscribers')).toBeInTheDocument();
    await emitLive({ type: 'followers:count', data: { count: 3 } });
    expect(await screen.findByText('3 subscribers')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(reads);
  });
});

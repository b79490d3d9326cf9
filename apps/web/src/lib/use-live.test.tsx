import type { LiveEvent } from '@devplay/shared';
import {
  QueryClientProvider,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { testQueryClient } from '../test/render';
import { KEEPS_NO_QUERY, type LiveQueries } from './live-queries';
import type { LiveStatus } from './live-socket';

// The socket itself is tested in live-socket.test.ts; here it only changes status on demand.
const socket = vi.hoisted(() => ({
  status: 'idle' as LiveStatus,
  onStatus: new Set<(status: LiveStatus) => void>(),
  listeners: new Set<(event: LiveEvent) => void>(),
}));
vi.mock('./live-socket', () => ({
  createLiveSocket: () => ({
    get status() {
      return socket.status;
    },
    onStatus(listener: (status: LiveStatus) => void) {
      socket.onStatus.add(listener);
      return () => void socket.onStatus.delete(listener);
    },
    subscribe(listener: (event: LiveEvent) => void) {
      socket.listeners.add(listener);
      return () => void socket.listeners.delete(listener);
    },
  }),
}));
const { useLiveEvents } = await import('./use-live');

function become(status: LiveStatus) {
  act(() => {
    socket.status = status;
    socket.onStatus.forEach((listener) => listener(status));
  });
}

const drop = () => (['closed', 'connecting', 'open'] as const).forEach(become);

/** How often each made-up query was fetched. */
let reads: Record<string, number> = {};

/** A query of the made-up feature, showing how often it was fetched. */
function Shown({ queryKey }: { queryKey: QueryKey }) {
  const name = queryKey.join('/');
  const query = useQuery({
    queryKey,
    queryFn: () => (reads[name] = (reads[name] ?? 0) + 1),
  });
  return <p>{query.data === undefined ? `${name} loading` : `${name} read ${query.data}`}</p>;
}

/**
 * A made-up live feature, written as a new one would be: it names the queries its events keep
 * current, and does nothing else about the socket opening or dropping.
 */
function useScoresLive(keeps: LiveQueries = [['scores']]) {
  const queryClient = useQueryClient();
  useLiveEvents(keeps, (event: LiveEvent) => {
    if (event.type === 'tournament:changed')
      void queryClient.invalidateQueries({ queryKey: ['scores'] });
  });
}

function Scores({ keeps }: { keeps?: LiveQueries }) {
  useScoresLive(keeps);
  return null;
}

function renderLive(ui: ReactNode) {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
  };
}

beforeEach(() => {
  socket.status = 'idle';
  reads = {};
});

describe('a live feature that names the queries it keeps', () => {
  it('has them read again when the socket first opens after it mounted, and after each drop', async () => {
    renderLive(
      <>
        <Scores />
        <Shown queryKey={['scores', 'board']} />
      </>,
    );
    expect(await screen.findByText('scores/board read 1')).toBeInTheDocument();

    become('connecting');
    become('open');
    expect(await screen.findByText('scores/board read 2')).toBeInTheDocument();
    drop();
    expect(await screen.findByText('scores/board read 3')).toBeInTheDocument();
  });

  it('has them read again when the server says the open socket missed events', async () => {
    renderLive(
      <>
        <Scores />
        <Shown queryKey={['scores', 'board']} />
      </>,
    );
    await screen.findByText('scores/board read 1');
    become('open');
    expect(await screen.findByText('scores/board read 2')).toBeInTheDocument();

    const resync: LiveEvent = { type: 'resync', data: { reason: 'events-missed' } };
    act(() => socket.listeners.forEach((listener) => listener(resync)));
    expect(await screen.findByText('scores/board read 3')).toBeInTheDocument();
  });

  it('shares a query with another listener, and it is fetched once an opening', async () => {
    const { queryClient } = renderLive(
      <>
        <Scores />
        <Scores keeps={[['scores', 'board']]} />
        <Shown queryKey={['scores', 'board']} />
      </>,
    );
    await screen.findByText('scores/board read 1');

    become('open');
    expect(await screen.findByText('scores/board read 2')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(reads['scores/board']).toBe(2);
  });

  it('may leave a list on show as it is, to be read when next shown', async () => {
    function Page() {
      const [feedShown, setFeedShown] = useState(true);
      return (
        <>
          <Scores
            keeps={[['scores', 'board'], { queryKey: ['scores', 'feed'], leaveOnScreen: true }]}
          />
          <Shown queryKey={['scores', 'board']} />
          {feedShown && <Shown queryKey={['scores', 'feed']} />}
          <button onClick={() => setFeedShown(!feedShown)}>feed</button>
        </>
      );
    }
    const { queryClient } = renderLive(<Page />);
    await screen.findByText('scores/feed read 1');
    await screen.findByText('scores/board read 1');

    become('open');
    expect(await screen.findByText('scores/board read 2')).toBeInTheDocument();
    expect(screen.getByText('scores/feed read 1')).toBeInTheDocument();
    expect(queryClient.getQueryState(['scores', 'feed'])?.isInvalidated).toBe(true);

    act(() => screen.getByRole('button', { name: 'feed' }).click());
    act(() => screen.getByRole('button', { name: 'feed' }).click());
    expect(await screen.findByText('scores/feed read 2')).toBeInTheDocument();
  });

  it('keeps nothing once unmounted', async () => {
    function Page() {
      const [listening, setListening] = useState(true);
      return (
        <>
          {listening && <Scores />}
          <Scores keeps={[['tournament']]} />
          <Shown queryKey={['scores', 'board']} />
          <Shown queryKey={['tournament']} />
          <button onClick={() => setListening(false)}>leave</button>
        </>
      );
    }
    renderLive(<Page />);
    await screen.findByText('scores/board read 1');
    await screen.findByText('tournament read 1');
    act(() => screen.getByRole('button', { name: 'leave' }).click());

    become('open');
    expect(await screen.findByText('tournament read 2')).toBeInTheDocument();
    expect(screen.getByText('scores/board read 1')).toBeInTheDocument();
  });

  it('cannot subscribe without naming its queries, or saying it keeps none', () => {
    // Checked by tsc (npm run typecheck): a line that compiled would fail it as an unused directive.
    // @ts-expect-error the queries kept current come first, and are required
    expectTypeOf(useLiveEvents).toBeCallableWith(() => {});
    // @ts-expect-error an empty list is no answer: a listener that keeps none says so
    expectTypeOf(useLiveEvents).toBeCallableWith([], () => {});
    expectTypeOf(useLiveEvents).toBeCallableWith(KEEPS_NO_QUERY, () => {});
  });
});

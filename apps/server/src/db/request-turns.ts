import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** What the pool knows of the request a statement belongs to. */
type RequestTurn = { begun: boolean };

const requests = new AsyncLocalStorage<RequestTurn>();

/**
 * Runs `rest` (the rest of an HTTP request's handling, or a test's) as one request, whose
 * statements after its first take their turn for a connection as `takingTurns` says.
 */
export const asRequest = <T>(rest: () => T): T => requests.run({ begun: false }, rest);

/**
 * Counts the current request as begun without a statement of its own: it has waited in line for
 * one that another request runs for both (a page read once for everyone), so its next statement
 * goes ahead of requests that have not begun, as if that one had been its own.
 */
export function waitedInLine() {
  const request = requests.getStore();
  if (request) request.begun = true;
}

/** A checkout waiting in pg-pool's queue, oldest first. */
type Waiting = { continuing?: true };

/** pg-pool's queue of waiting checkouts: not a documented field, so absent means "leave it be". */
const queueOf = (pool: pg.Pool) => {
  const queue = (pool as unknown as { _pendingQueue?: unknown })._pendingQueue;
  return Array.isArray(queue) ? (queue as Waiting[]) : undefined;
};

/** The checkout just queued goes behind the other continuing ones, ahead of every new request. */
function moveAhead(queue: Waiting[]) {
  const waiting = queue.pop()!;
  waiting.continuing = true;
  let at = 0;
  while (at < queue.length && queue[at]!.continuing) at++;
  queue.splice(at, 0, waiting);
}

/** A connection for the self-check alone: it connects and ends at once and never queries. */
class StandIn extends EventEmitter {
  _queryable = true;
  connect(callback: (error?: Error) => void) {
    callback();
  }
  end(callback?: () => void) {
    callback?.();
  }
}

/**
 * Whether pg-pool still queues as `moveAhead` assumes: waiting checkouts in an array, each pushed
 * at its end as `connect` is called, a freed connection going to its head. Tried on a pool of the
 * same class over a stand-in connection, all within one synchronous call: nothing is sent.
 */
function queueAsExpected(Pool: new (config: pg.PoolConfig) => pg.Pool) {
  try {
    const config = { max: 1, idleTimeoutMillis: 0, Client: StandIn };
    const probe = new Pool(config as unknown as pg.PoolConfig);
    const served: string[] = [];
    const releases: (() => void)[] = [];
    const checkout = (name: string) =>
      probe.connect((error, _client, release) => {
        if (error) return;
        served.push(name);
        releases.push(() => release());
      });
    checkout('holder');
    const queue = queueOf(probe);
    checkout('older');
    checkout('newer');
    if (served.join() !== 'holder' || queue?.length !== 2) return false;
    moveAhead(queue);
    while (releases.length > 0) releases.shift()!();
    void probe.end();
    return served.join() === 'holder,newer,older';
  } catch {
    return false;
  }
}

const checked = new WeakMap<object, boolean>();

/**
 * When every connection is busy, statements wait in the pool's queue, and under load most of a
 * request's time is that wait (50 members at once, 10 connections: about 40 statements ahead of
 * each). In arrival order a request of three statements waited three times as long as a request
 * of one; its second statement went behind requests that arrived after it had begun. Here a
 * request that has run a statement gets the next free connection before any request that has not
 * begun: it waits in line once, and in-flight requests end before new ones start, at the same
 * throughput. A statement outside any request (a bus message's read, a sweep) waits in arrival
 * order, as before. PostgreSQL's pool only: PGlite runs on the server's own thread, where tracking
 * every request's promises cost more (a tenth of its throughput in bench:mix) than the order won.
 *
 * The order rests on pg-pool's undocumented queue, so it is checked first: a pg-pool that queues
 * otherwise leaves statements in arrival order, and `log` says so. `enabled: false`
 * (REQUEST_TURNS=off) leaves the pool as it is.
 */
export function takingTurns<P extends pg.Pool>(
  pool: P,
  { enabled = true, log }: { enabled?: boolean; log?: (line: string) => void } = {},
): P {
  if (!enabled) return pool;
  const Pool = pool.constructor as new (config: pg.PoolConfig) => pg.Pool;
  if (!checked.has(Pool)) checked.set(Pool, queueAsExpected(Pool));
  if (!checked.get(Pool)) {
    log?.(
      "Request turns are off: pg-pool's queue of waiting statements is not the one this server knows, so they wait in arrival order (REQUEST_TURNS=off silences this)",
    );
    return pool;
  }
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  // pg-pool's own `query` checks out through `this.connect`, so both paths come through here.
  pool.connect = ((...args: unknown[]) => {
    const request = requests.getStore();
    const queue = queueOf(pool);
    const waiting = queue?.length ?? 0;
    const checkout = connect(...args);
    if (request?.begun && queue && queue.length === waiting + 1) moveAhead(queue);
    if (request) request.begun = true;
    return checkout;
  }) as P['connect'];
  return pool;
}

import { TIMINGS } from '@devplay/shared';
import { randomInt, shuffled } from '../../lib/random';

/** Anyone who can be drawn: only the id matters to the machine. */
export interface Drawable {
  id: number;
}

type Pair<P> = readonly [P, P];

export interface DrawState<P extends Drawable> {
  /** Players not drawn yet, in the order they joined. */
  pool: readonly P[];
  /** The pair being formed: none, one or two players. */
  current: readonly P[];
  /** Locked pairs, in the order they were locked. */
  pairs: readonly Pair<P>[];
  /** While a roll runs: the player lit up now (null with reduced motion) and when it ends. */
  roll: { highlightId: number | null; endsAt: number } | null;
}

export interface DrawOptions {
  rollMs?: number;
  tickMs?: number;
  /** prefers-reduced-motion: no flashing highlight; the draw itself is the same. */
  reducedMotion?: () => boolean;
  /** A uniform whole number below `count`; crypto-backed by default. */
  random?: (count: number) => number;
  now?: () => number;
}

export interface DrawMachine<P extends Drawable> {
  getState: () => DrawState<P>;
  subscribe: (listener: () => void) => () => void;
  /** 'Draw next' with fewer than two in the pair, 'Lock pair' with two (SPEC §4). */
  primary: () => void;
  drawNext: () => void;
  lockPair: () => void;
  /** 'Reset': everyone back in the pool, pairs gone, any roll stopped. */
  reset: () => void;
  /**
   * 'Shuffle & Pair All': the rest paired at random, the current pair's drawn players first; an
   * odd one stays in the current slot.
   */
  shuffleAndPairAll: () => void;
  /** The participants changed (live): the gone leave the draw, newcomers join the pool. */
  setPlayers: (players: readonly P[]) => void;
  dispose: () => void;
}

/** What the primary button says and whether it can be pressed now. */
export function primaryAction<P extends Drawable>(state: DrawState<P>) {
  if (state.current.length === 2) return { label: 'Lock pair', enabled: state.roll === null };
  return {
    label: 'Draw next',
    enabled: state.roll === null && state.pool.length > 0,
  };
}

/**
 * SPEC §4 draw as a small state machine with its own timers, free of React so it is tested with
 * fake timers: 'Draw next' lights a random remaining player every 110 ms for about 10 s, then the
 * pick joins the current pair. Every random choice is a uniform crypto draw.
 */
export function createDrawMachine<P extends Drawable>(
  players: readonly P[],
  {
    rollMs = TIMINGS.drawRollMs,
    tickMs = TIMINGS.drawTickMs,
    reducedMotion = () => false,
    random = randomInt,
    now = Date.now,
  }: DrawOptions = {},
): DrawMachine<P> {
  let all = [...players];
  let state: DrawState<P> = { pool: all, current: [], pairs: [], roll: null };
  const listeners = new Set<() => void>();
  let ticker: ReturnType<typeof setInterval> | undefined;
  let finish: ReturnType<typeof setTimeout> | undefined;

  const set = (next: DrawState<P>) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  const stopRoll = () => {
    clearInterval(ticker);
    clearTimeout(finish);
    ticker = undefined;
    finish = undefined;
  };

  const pickFrom = (pool: readonly P[]) => pool[random(pool.length)]!;

  const drawNext = () => {
    if (state.roll || state.current.length >= 2 || state.pool.length === 0) return;
    const calm = reducedMotion();
    set({
      ...state,
      roll: { highlightId: calm ? null : pickFrom(state.pool).id, endsAt: now() + rollMs },
    });
    if (!calm) {
      ticker = setInterval(() => {
        if (state.roll)
          set({ ...state, roll: { ...state.roll, highlightId: pickFrom(state.pool).id } });
      }, tickMs);
    }
    finish = setTimeout(() => {
      stopRoll();
      if (state.pool.length === 0) return set({ ...state, roll: null });
      const winner = pickFrom(state.pool);
      set({
        ...state,
        pool: state.pool.filter((player) => player.id !== winner.id),
        current: [...state.current, winner],
        roll: null,
      });
    }, rollMs);
  };

  const lockPair = () => {
    const [first, second] = state.current;
    if (state.roll || !first || !second) return;
    set({ ...state, current: [], pairs: [...state.pairs, [first, second]] });
  };

  const reset = () => {
    stopRoll();
    set({ pool: all, current: [], pairs: [], roll: null });
  };

  const shuffleAndPairAll = () => {
    stopRoll();
    // The players already drawn keep their place: the current pair is made up first.
    const rest = [...state.current, ...shuffled(state.pool, random)];
    const pairs: Pair<P>[] = [];
    while (rest.length >= 2) pairs.push([rest.shift()!, rest.shift()!]);
    set({ pool: [], current: rest, pairs: [...state.pairs, ...pairs], roll: null });
  };

  const setPlayers = (next: readonly P[]) => {
    all = [...next];
    const present = new Map(all.map((player) => [player.id, player]));
    // Fresh objects (a new avatar) replace the old; a pair that lost a player is undone, and
    // the partner left behind goes back to the pool with everyone not placed.
    const keep = (player: P) => present.get(player.id);
    const pairs = state.pairs.flatMap((pair): Pair<P>[] => {
      const [a, b] = [keep(pair[0]), keep(pair[1])];
      return a && b ? [[a, b]] : [];
    });
    const current = state.current.flatMap((player) => keep(player) ?? []);
    const placed = new Set([...pairs.flat(), ...current].map((player) => player.id));
    const pool = all.filter((player) => !placed.has(player.id));
    if (state.roll && pool.length === 0) stopRoll();
    set({ pool, current, pairs, roll: pool.length === 0 ? null : state.roll });
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    primary: () => (state.current.length === 2 ? lockPair() : drawNext()),
    drawNext,
    lockPair,
    reset,
    shuffleAndPairAll,
    setPlayers,
    dispose: () => {
      stopRoll();
      listeners.clear();
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDrawMachine, primaryAction, type DrawOptions } from './draw-machine';

const players = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
const ids = (list: readonly { id: number }[]) => list.map((player) => player.id);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A machine whose "random" picks are scripted: always index 0 unless told otherwise. */
function machine(count: number, options: DrawOptions = {}) {
  const random = vi.fn((_count: number) => 0);
  const draw = createDrawMachine(players(count), { random, ...options });
  return { draw, random, state: () => draw.getState() };
}

describe('the draw (SPEC §4)', () => {
  it('rolls for 10 s, lighting a random remaining player every 110 ms, then the pick joins the pair', () => {
    const { draw, random, state } = machine(4);
    const lit: (number | null)[] = [];
    draw.subscribe(() => lit.push(state().roll?.highlightId ?? null));
    random.mockImplementation((count) => count - 1);

    draw.drawNext();
    expect(state().roll).not.toBeNull();
    expect(primaryAction(state()).enabled).toBe(false);

    vi.advanceTimersByTime(110);
    expect(lit).toHaveLength(2);
    vi.advanceTimersByTime(110 * 89);
    // One highlight at the start and one per 110 ms tick: 90 ticks fit into 9.9 s.
    expect(lit).toHaveLength(91);
    expect(state().current).toEqual([]);

    vi.advanceTimersByTime(10_000 - 110 * 90);
    expect(state().roll).toBeNull();
    expect(ids(state().current)).toEqual([4]);
    expect(ids(state().pool)).toEqual([1, 2, 3]);
    // Every pick came from the players still in the pool.
    expect(random.mock.calls.every(([count]) => count === 4)).toBe(true);
  });

  it("reads 'Lock pair' with two in the pair, and locking moves them to the pairs", () => {
    const { draw, state } = machine(3);
    expect(primaryAction(state()).label).toBe('Draw next');

    draw.primary();
    vi.advanceTimersByTime(10_000);
    expect(primaryAction(state()).label).toBe('Draw next');
    draw.primary();
    vi.advanceTimersByTime(10_000);
    expect(ids(state().current)).toEqual([1, 2]);
    expect(primaryAction(state())).toEqual({ label: 'Lock pair', enabled: true });

    draw.primary();
    expect(state().pairs.map(ids)).toEqual([[1, 2]]);
    expect(state().current).toEqual([]);
    expect(ids(state().pool)).toEqual([3]);
  });

  it('draws nothing while a roll runs or once the pool is empty', () => {
    const { draw, state } = machine(1);
    draw.drawNext();
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    expect(ids(state().current)).toEqual([1]);

    draw.drawNext();
    expect(state().roll).toBeNull();
    expect(primaryAction(state()).enabled).toBe(false);
  });

  it("'Reset' restores the full pool and stops a roll", () => {
    const { draw, state } = machine(4);
    draw.shuffleAndPairAll();
    draw.reset();
    expect(ids(state().pool)).toEqual([1, 2, 3, 4]);
    expect(state().pairs).toEqual([]);

    draw.drawNext();
    vi.advanceTimersByTime(5_000);
    draw.reset();
    vi.advanceTimersByTime(10_000);
    expect(state()).toMatchObject({ current: [], pairs: [], roll: null });
    expect(ids(state().pool)).toEqual([1, 2, 3, 4]);
  });

  it("'Shuffle & Pair All' pairs the rest at random and leaves an odd one in the current slot", () => {
    const { draw, state, random } = machine(7);
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    draw.lockPair();
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    expect(ids(state().current)).toEqual([3]);
    random.mockClear();

    draw.shuffleAndPairAll();
    expect(random).toHaveBeenCalled();
    const { pairs, current, pool } = state();
    expect(pool).toEqual([]);
    expect(pairs).toHaveLength(3);
    expect(pairs[0] && ids(pairs[0])).toEqual([1, 2]);
    // The player drawn into the current pair stays there: the pair is completed, not dissolved.
    expect(pairs[1]?.[0].id).toBe(3);
    expect(current).toHaveLength(1);
    const everyone = [...pairs.flat(), ...current].map((player) => player.id).sort();
    expect(everyone).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("'Shuffle & Pair All' keeps a drawn pair that is not locked yet", () => {
    const { draw, state } = machine(6);
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    draw.drawNext();
    vi.advanceTimersByTime(10_000);
    const drawn = ids(state().current);
    expect(drawn).toHaveLength(2);

    draw.shuffleAndPairAll();

    expect(state().pairs[0] && ids(state().pairs[0]!)).toEqual(drawn);
    expect(state().pairs).toHaveLength(3);
    expect(state().current).toEqual([]);
  });

  it('with reduced motion lights nobody, and the pick is the same uniform draw after the roll', () => {
    const { draw, state, random } = machine(5, { reducedMotion: () => true });
    random.mockImplementation(() => 2);
    const highlights: (number | null)[] = [];
    draw.subscribe(() => highlights.push(state().roll?.highlightId ?? null));

    draw.drawNext();
    vi.advanceTimersByTime(9_999);
    expect(state().current).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(ids(state().current)).toEqual([3]);
    expect(highlights.every((id) => id === null)).toBe(true);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('follows the participants: the gone leave, a broken pair goes back, newcomers join the pool', () => {
    const { draw, state } = machine(4);
    draw.shuffleAndPairAll();
    expect(state().pairs).toHaveLength(2);
    const [first] = state().pairs;
    const leaving = first![0].id;

    draw.setPlayers([...players(4).filter((player) => player.id !== leaving), { id: 9 }]);
    expect(state().pairs).toHaveLength(1);
    expect(ids(state().pool).sort()).toEqual([first![1].id, 9].sort());
  });
});

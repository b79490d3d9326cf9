const RANGE = 2 ** 32;

/**
 * A uniform whole number from 0 to `count - 1` from the browser's CSPRNG. Draws that fall into
 * the incomplete last block of 2^32 are thrown away and drawn again, so `% count` favours no
 * number (no modulo bias).
 */
export function randomInt(count: number): number {
  if (!Number.isInteger(count) || count < 1 || count > RANGE) {
    throw new RangeError(`randomInt needs a whole count from 1 to 2^32, got ${count}`);
  }
  const limit = RANGE - (RANGE % count);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    const value = word[0]!;
    if (value < limit) return value % count;
  }
}

/** A shuffled copy (Fisher–Yates with `randomInt`, so every order is equally likely). */
export function shuffled<T>(items: readonly T[], pick: (count: number) => number = randomInt): T[] {
  const result = [...items];
  for (let index = result.length - 1; index > 0; index -= 1) {
    const other = pick(index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

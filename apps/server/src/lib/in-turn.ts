/**
 * Runs the work handed to it one at a time, in the order handed: parallel callers queue here.
 * On PGlite a query holds the thread, so reads in parallel would hold it for all of theirs back
 * to back; in turn, every other request waits for one read at most.
 */
export function inTurns() {
  let previous: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const result = previous.then(work);
    previous = result.catch(() => undefined);
    return result;
  };
}

import { useDeferredValue } from 'react';

/**
 * A query's answer to draw: an answer arrives through an external store, whose updates React
 * draws at once, in the task that brought it, and a page of rows is then a long task on a slow
 * phone. Deferred, it is drawn in a render React can pause; until then the screen shows what it
 * showed before. An answer already there when the screen mounts (read ahead by its route) is
 * deferred too: the first render draws the skeleton, the rows follow in a pausable one.
 */
export const useDrawnLater = <T>(data: T | undefined): T | undefined =>
  useDeferredValue(data, undefined);

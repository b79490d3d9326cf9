import type { FeedKind } from './post-keys';

const STORAGE_KEY = 'homeFeed';

/** The home feed's last tab (All or Following); it outlives reloads. */
export function readFeedChoice(): FeedKind {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'following' ? 'following' : 'all';
  } catch {
    // Storage can be disabled; the feed then starts on All each visit.
    return 'all';
  }
}

export function storeFeedChoice(kind: FeedKind): void {
  try {
    localStorage.setItem(STORAGE_KEY, kind);
  } catch {
    // See readFeedChoice.
  }
}

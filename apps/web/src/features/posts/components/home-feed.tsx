import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { FeedKind } from '../api';
import { PostFeed } from './post-feed';
import styles from './home-feed.module.css';

const STORAGE_KEY = 'homeFeed';

const TABS: { kind: FeedKind; label: string; emptyText: string }[] = [
  { kind: 'all', label: 'All', emptyText: 'No posts yet.' },
  {
    kind: 'following',
    label: 'Following',
    emptyText: 'No posts here yet. Subscribe to people to see their posts.',
  },
];

function readChoice(): FeedKind {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'following' ? 'following' : 'all';
  } catch {
    // Storage can be disabled; the feed then starts on All each visit.
    return 'all';
  }
}

function storeChoice(kind: FeedKind): void {
  try {
    localStorage.setItem(STORAGE_KEY, kind);
  } catch {
    // See readChoice.
  }
}

/** The home feed with its All / Following switch; the choice outlives reloads. */
export function HomeFeed() {
  const [kind, setKind] = useState<FeedKind>(readChoice);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const active = TABS.find((tab) => tab.kind === kind) ?? TABS[0]!;

  const choose = (next: FeedKind) => {
    setKind(next);
    storeChoice(next);
  };

  // WAI-ARIA tabs: arrows move between the choices, Tab moves on to the feed.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: TABS.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    choose(TABS[next]!.kind);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className={styles.section} aria-label="Feed">
      <div className={styles.tabs} role="tablist" aria-label="Show posts from">
        {TABS.map((tab, index) => (
          <button
            key={tab.kind}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.kind}`}
            aria-selected={tab.kind === kind}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.kind === kind ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(tab.kind)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${kind}`}>
        <PostFeed key={kind} feed={kind} emptyText={active.emptyText} />
      </div>
    </section>
  );
}

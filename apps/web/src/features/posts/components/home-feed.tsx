import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FeedKind } from '../api';
import { readFeedChoice, storeFeedChoice } from '../feed-choice';
import { NewPostsButton } from './new-posts-button';
import { PostFeed } from './post-feed';
import styles from './home-feed.module.css';

const TABS: { kind: FeedKind; label: string }[] = [
  { kind: 'all', label: 'All' },
  { kind: 'following', label: 'Following' },
];

interface HomeFeedProps {
  /** What the page slips in after the first posts (users to follow, on phones). */
  interlude?: { after: number; content: ReactNode };
}

/** The home feed with its All / Following switch; the choice outlives reloads. */
export function HomeFeed({ interlude }: HomeFeedProps) {
  const [kind, setKind] = useState<FeedKind>(readFeedChoice);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (next: FeedKind) => {
    setKind(next);
    storeFeedChoice(next);
  };

  // The button goes with the empty panel, so focus moves on to the tab it chose.
  const showAll = () => {
    choose('all');
    tabRefs.current[0]?.focus();
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
        <NewPostsButton key={`new-${kind}`} feed={kind} />
        <PostFeed
          key={kind}
          feed={kind}
          interlude={interlude}
          emptyText={
            kind === 'all' ? (
              'No posts yet.'
            ) : (
              // The next step: people to subscribe to are beside (or, on phones, below) this.
              <>
                No posts here yet. Subscribe to people to see their posts, or{' '}
                <button type="button" className={styles.inlineLink} onClick={showAll}>
                  see all posts
                </button>
                .
              </>
            )
          }
        />
      </div>
    </section>
  );
}

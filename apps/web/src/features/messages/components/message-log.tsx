import { ArrowDown } from 'lucide-react';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import type { ChatItem } from '../chat-items';
import { formatDay, isoDay } from '../chat-time';
import { MessageBubble, type BubbleActions } from './message-bubble';
import { useChatScroll } from './use-chat-scroll';
import styles from './message-log.module.css';

interface MessageLogProps {
  items: readonly ChatItem[];
  label: string;
  actions: BubbleActions;
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Called again while the top stays in view, so it must ignore calls during a load. */
  onLoadOlder: () => void;
  /** How many pages are loaded: a new page re-arms the observer at the top. */
  pageCount: number;
  empty: ReactNode;
}

/** The conversation as a log: screen readers hear new messages as they arrive (politely). */
export function MessageLog(props: MessageLogProps) {
  const { items, label, actions, hasOlder, loadingOlder, onLoadOlder, pageCount, empty } = props;
  const { containerRef, onScroll, scrollToBottom, hasUnseen } = useChatScroll(items);
  const topRef = useRef<HTMLDivElement>(null);
  const loadOlder = useRef(onLoadOlder);
  useEffect(() => {
    loadOlder.current = onLoadOlder;
  });

  useEffect(() => {
    const root = containerRef.current;
    const top = topRef.current;
    if (!root || !top || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => entry?.isIntersecting && loadOlder.current(),
      // Start a little before the very top, so scrolling up rarely has to wait.
      { root, rootMargin: '240px 0px 0px 0px' },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [containerRef, hasOlder, pageCount]);

  return (
    <div className={styles.frame}>
      <div
        ref={containerRef}
        className={styles.scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={label}
        aria-busy={loadingOlder || undefined}
        tabIndex={0}
      >
        <div ref={topRef} className={styles.top}>
          {hasOlder && (
            <Button variant="ghost" size="sm" onClick={onLoadOlder} loading={loadingOlder}>
              Load older
            </Button>
          )}
        </div>
        {items.length === 0 ? (
          <div className={styles.empty}>{empty}</div>
        ) : (
          <ol className={styles.list}>
            {items.map((item, index) => {
              const day = formatDay(item.createdAt);
              const previous = items[index - 1];
              return (
                <Fragment key={item.key}>
                  {(!previous || formatDay(previous.createdAt) !== day) && (
                    // The day is said once here; the bubbles under it show only their time.
                    <li className={styles.day}>
                      <time dateTime={isoDay(item.createdAt)}>{day}</time>
                    </li>
                  )}
                  <MessageBubble item={item} actions={actions} />
                </Fragment>
              );
            })}
          </ol>
        )}
      </div>
      {hasUnseen && (
        <button type="button" className={styles.pill} onClick={scrollToBottom}>
          <ArrowDown size={16} aria-hidden />
          New messages
        </button>
      )}
    </div>
  );
}

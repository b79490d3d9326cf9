import { useEffect, useRef } from 'react';

export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

// Starts the next page well before the reader reaches the end, so scrolling rarely waits.
const PRELOAD_MARGIN = '600px 0px';

/** Returns a ref for an element at the end of the list; seeing it asks for the next page. */
export function useLoadMoreOnScroll<T extends Element>({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError,
  fetchNextPage,
}: PagedList) {
  const sentinelRef = useRef<T>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    // After a failed page the reader retries with the button, not with a request per scroll.
    const idle = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
    if (!sentinel || !idle || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  return sentinelRef;
}

import { useEffect } from 'react';

const COUNT_PREFIX = /^\(\d+\+?\) /;

const shown = (count: number) => (count > 99 ? '99+' : String(count));

function retitle(count: number) {
  const base = document.title.replace(COUNT_PREFIX, '');
  const wanted = count > 0 ? `(${shown(count)}) ${base}` : base;
  if (document.title !== wanted) document.title = wanted;
}

/**
 * Puts "(3) " before whatever title the page sets, for a tab that is not looked at. Pages keep
 * writing their own <title>; whenever one changes, the count goes back in front of it.
 */
export function useCountInTitle(count: number) {
  useEffect(() => {
    retitle(count);
    const observer = new MutationObserver(() => retitle(count));
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      retitle(0);
    };
  }, [count]);
}

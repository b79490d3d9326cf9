import { ArrowUp } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { SCROLL_TOP_THRESHOLD_PX } from '@devplay/shared';
import styles from './scroll-to-top.module.css';

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isPastThreshold = () => window.scrollY > SCROLL_TOP_THRESHOLD_PX;

export function ScrollToTop() {
  const visible = useSyncExternalStore(subscribe, isPastThreshold, () => false);
  if (!visible) return null;

  const scrollUp = () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <button type="button" className={styles.button} onClick={scrollUp} aria-label="Scroll to top">
      <ArrowUp size={20} aria-hidden />
    </button>
  );
}

import { X } from 'lucide-react';
import { useRef, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './use-dialog-focus';
import styles from './image-viewer.module.css';

/** How far a finger drags down from the top of the picture to close it, in CSS pixels. */
const SWIPE_CLOSE_PX = 90;

interface ImageViewerProps {
  open: boolean;
  /** The full-resolution picture. */
  src: string;
  alt: string;
  onClose: () => void;
}

/**
 * A picture on its own, as large as it is: a wide one fits the screen's width, a tall one keeps
 * that width and scrolls rather than shrinking to the screen's height. Escape, the close button,
 * a click beside the picture or, on a phone, a swipe down close it; focus stays inside meanwhile
 * and goes back to what opened it. The page keeps the browser's pinch zoom.
 */
export function ImageViewer({ open, src, alt, onClose }: ImageViewerProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ y: number; atTop: boolean } | null>(null);
  useDialogFocus(dialogRef, open, onClose);

  if (!open) return null;

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    // Two fingers zoom; only one that starts with the picture scrolled to its top may close it.
    swipe.current =
      touch && event.touches.length === 1
        ? { y: touch.clientY, atTop: event.currentTarget.scrollTop <= 0 }
        : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = swipe.current;
    const touch = event.changedTouches[0];
    swipe.current = null;
    if (start?.atTop && touch && touch.clientY - start.y > SWIPE_CLOSE_PX) onClose();
  };

  return createPortal(
    <div
      ref={dialogRef}
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={alt}
      tabIndex={-1}
    >
      <div
        className={styles.scroller}
        data-testid="image-viewer-scroller"
        // The keyboard scrolls a tall picture with the arrows once this has focus.
        tabIndex={0}
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <img className={styles.image} src={src} alt={alt} />
      </div>
      <button
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label="Close image"
        title="Close (Esc)"
      >
        <X size={22} aria-hidden />
      </button>
    </div>,
    document.body,
  );
}

import { useEffect, type RefObject } from 'react';
import { useLatest } from '../lib/use-latest';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The browser's close requests (HTML's CloseWatcher), not yet in TypeScript's DOM types. */
type CloseWatcher = { onclose: (() => void) | null; destroy(): void };

/**
 * Listens for close requests while `active()`: Android's Back, Escape on a desktop. A watcher
 * ends with the request it answers, so one whose surface stayed open (a dialog busy saving)
 * watches again. Nested surfaces stack: a request closes the topmost only.
 */
function watchCloseRequests(onClose: () => void, active: () => boolean) {
  const CloseWatcherClass = (globalThis as { CloseWatcher?: new () => CloseWatcher }).CloseWatcher;
  if (!CloseWatcherClass) return undefined;
  let watcher: CloseWatcher;
  const watch = () => {
    watcher = new CloseWatcherClass();
    watcher.onclose = () => {
      onClose();
      if (active()) watch();
    };
  };
  watch();
  return () => watcher.destroy();
}

/**
 * What a modal surface (a dialog, the phone's menu drawer) owes the keyboard while `open`: focus
 * moves in, Tab stays inside, Escape (and, on a phone, Back) closes, the page behind does not
 * scroll, and on closing focus returns to whatever had it before (the button that opened it).
 * Where the browser has close requests they close it, so Back closes the surface instead of
 * leaving the page; elsewhere Escape is listened for here.
 */
export function useDialogFocus(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
) {
  const onCloseRef = useLatest(onClose);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    let active = true;
    const stopWatching = watchCloseRequests(
      () => onCloseRef.current(),
      () => active,
    );

    const onKeyDown = (event: KeyboardEvent) => {
      // A field's own Escape (a search closing its results) has already been handled; so has
      // it been when a close request answers it.
      if (event.key === 'Escape' && !event.defaultPrevented && !stopWatching) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      const container = ref.current;
      if (event.key !== 'Tab' || !container) return;
      const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      active = false;
      stopWatching?.();
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [open, ref, onCloseRef]);
}

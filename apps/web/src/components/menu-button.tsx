import { MoreHorizontal } from 'lucide-react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import styles from './menu-button.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Drawn in the danger colour (Block). */
  danger?: boolean;
}

interface MenuButtonProps {
  /** The trigger's accessible name, and the menu's. */
  label: string;
  items: readonly MenuItem[];
}

/** Below the trigger, or above it when the window has no room below. */
function placeNear(trigger: HTMLElement, height: number): CSSProperties {
  const rect = trigger.getBoundingClientRect();
  const right = Math.max(window.innerWidth - rect.right, 8);
  const below = rect.bottom + 4;
  return below + height > window.innerHeight && rect.top - height - 4 > 0
    ? { right, bottom: window.innerHeight - rect.top + 4 }
    : { right, top: below };
}

/**
 * A "more" button opening a short menu (WAI-ARIA menu button): Enter, Space or the arrows open
 * it on an item, the arrows, Home and End move, Escape closes it back onto the button, Tab or a
 * click elsewhere closes it. The menu is fixed to the window, so a card's clipping never cuts it.
 */
export function MenuButton({ label, items }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<CSSProperties>({});
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (!open || !triggerRef.current) return;
    setPlace(placeNear(triggerRef.current, menuRef.current?.offsetHeight ?? 0));
  }, [open]);

  useEffect(() => {
    if (open) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // A fixed menu would drift from its button: moving the page closes it instead.
    const shut = () => setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('scroll', shut, true);
    window.addEventListener('resize', shut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('scroll', shut, true);
      window.removeEventListener('resize', shut);
    };
  }, [open]);

  const openOn = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const closeToTrigger = () => {
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openOn(event.key === 'ArrowDown' ? 0 : items.length - 1);
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      // Marked handled, so a dialog around the menu stays open.
      event.preventDefault();
      closeToTrigger();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openOn(0))}
        onKeyDown={onTriggerKeyDown}
      >
        <MoreHorizontal size={18} aria-hidden />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={label}
        className={styles.menu}
        style={place}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {items.map((item, index) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={index === active ? 0 : -1}
            className={item.danger ? `${styles.item} ${styles.danger}` : styles.item}
            onClick={() => {
              // Focus goes back to the button first, so a dialog the item opens returns it there.
              closeToTrigger();
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    </div>
  );
}

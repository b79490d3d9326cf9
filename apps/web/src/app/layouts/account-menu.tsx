import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../components/avatar';
import { displayName, handle } from '../../lib/member-name';
import { paths } from '../../lib/paths';
import styles from './account-menu.module.css';

/**
 * The header's avatar opens the account's own entries: Profile, Settings and Exit (SPEC §2
 * header). A disclosure of links, not an ARIA menu: Tab walks through it like any list of links.
 */
export function AccountMenu({ me, onExit }: { me: Me | null; onExit: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  // Tabbing past the last entry closes it, so it never hangs open behind the focus.
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };
  const close = () => setOpen(false);

  return (
    <div ref={rootRef} className={styles.root} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Account"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar src={me?.avatar} alt="" size="sm" />
        <ChevronDown size={16} aria-hidden className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {me && (
          <div className={styles.identity}>
            <span className={styles.name}>{displayName(me)}</span>
            <span className={styles.handle}>{handle(me.username)}</span>
          </div>
        )}
        <ul className={styles.list}>
          <li>
            <Link to={paths.profile} className={styles.entry} onClick={close}>
              <UserRound size={18} aria-hidden />
              Profile
            </Link>
          </li>
          <li>
            <Link to={paths.settings} className={styles.entry} onClick={close}>
              <Settings size={18} aria-hidden />
              Settings
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.entry}
              onClick={() => {
                close();
                onExit();
              }}
            >
              <LogOut size={18} aria-hidden />
              Exit
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

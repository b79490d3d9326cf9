import { displayName, handle } from '@devplay/shared';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../components/avatar';
import { ThemeChoiceControl } from '../../components/theme-choice';
import { paths } from '../../lib/paths';
import styles from './account-menu.module.css';

/**
 * SPEC §2 header: the avatar links to the profile. Beside it a small disclosure holds who is
 * signed in and the device's theme; not an ARIA menu, Tab walks through it like any content.
 */
export function AccountMenu({ me }: { me: Me | null }) {
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
      <Link to={paths.profile} className={styles.avatarLink} aria-label="Profile">
        <Avatar src={me?.avatar} alt="" size="sm" />
      </Link>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Account menu"
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDown size={16} aria-hidden className={styles.chevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {me && (
          <Link to={paths.profile} className={styles.identity} onClick={close}>
            <span className={styles.name}>{displayName(me)}</span>
            <span className={styles.handle}>{handle(me.username)} · View profile</span>
          </Link>
        )}
        <div className={styles.theme}>
          <ThemeChoiceControl compact />
        </div>
      </div>
    </div>
  );
}

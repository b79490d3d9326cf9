import { useQuery, type QueryKey } from '@tanstack/react-query';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { LIMITS, type UserSummary } from '@devplay/shared';
import { Avatar } from './avatar';
import styles from './avatar-popup.module.css';
import { paths } from '../lib/paths';

interface AvatarPopupTriggerState {
  open: boolean;
  /** For aria-controls on the trigger. */
  popupId: string;
}

interface AvatarPopupProps {
  queryKey: QueryKey;
  /** Runs the first time the popup opens, not before: most counts are never hovered. */
  load: () => Promise<{ users: UserSummary[]; total: number }>;
  emptyText: string;
  errorText: string;
  /** Names the popup for screen readers, e.g. 'People who liked this post'. */
  label: string;
  loadingText?: string;
  /** The page of the whole list, where '+N' leads. */
  moreTo?: string;
  /** The trigger; a function also gets the open state, for aria-expanded. */
  children: ReactNode | ((state: AvatarPopupTriggerState) => ReactNode);
}

// A short delay keeps the pointer sweeping across a feed from firing a request per count, and
// lets it cross the gap between the trigger and the popup without closing it.
const HOVER_OPEN_MS = 200;
const HOVER_CLOSE_MS = 150;
const VIEWPORT_MARGIN_PX = 8;

/** SPEC §2: hovering a count shows up to 5 avatars plus '+N'; clicking one opens the profile. */
export function AvatarPopup({
  queryKey,
  load,
  emptyText,
  errorText,
  label,
  loadingText = 'Loading...',
  moreTo,
  children,
}: AvatarPopupProps) {
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const sample = useQuery({ queryKey, queryFn: load, enabled: open });

  const schedule = (next: boolean, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), delay);
  };
  const show = () => {
    window.clearTimeout(timer.current);
    setOpen(true);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen(false);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // Touch screens have no hover and iOS does not focus buttons on tap: a tap outside closes.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Keeps the popup inside the viewport (phones are narrow); measured before paint, no flicker.
  useLayoutEffect(() => {
    const popup = popupRef.current;
    if (!open || !popup) return;
    popup.style.setProperty('--shift', '0px');
    delete popup.dataset.placement;
    const rect = popup.getBoundingClientRect();
    const maxRight = document.documentElement.clientWidth - VIEWPORT_MARGIN_PX;
    let shift = 0;
    if (rect.right > maxRight) shift = maxRight - rect.right;
    if (rect.left + shift < VIEWPORT_MARGIN_PX) shift = VIEWPORT_MARGIN_PX - rect.left;
    popup.style.setProperty('--shift', `${Math.round(shift)}px`);
    const fitsBelow = rect.bottom <= window.innerHeight - VIEWPORT_MARGIN_PX;
    const roomAbove = (wrapperRef.current?.getBoundingClientRect().top ?? 0) - rect.height;
    if (!fitsBelow && roomAbove > VIEWPORT_MARGIN_PX) popup.dataset.placement = 'top';
  }, [open, sample.status, sample.data]);

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') schedule(true, HOVER_OPEN_MS);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') schedule(false, HOVER_CLOSE_MS);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') show();
  };
  const onBlur = (event: FocusEvent) => {
    if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) hide();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    hide();
    // Focus returns to the trigger, the first focusable thing in the wrapper.
    wrapperRef.current?.querySelector<HTMLElement>('a, button, [tabindex]')?.focus();
  };

  const trigger = typeof children === 'function' ? children({ open, popupId }) : children;

  return (
    <span
      ref={wrapperRef}
      className={styles.wrapper}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerUp={onPointerUp}
      onFocus={show}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {trigger}
      {open && (
        <div ref={popupRef} id={popupId} className={styles.popup} role="group" aria-label={label}>
          <PopupContent
            status={sample.status}
            users={sample.data?.users ?? []}
            total={sample.data?.total ?? 0}
            moreTo={moreTo}
            texts={{ empty: emptyText, error: errorText, loading: loadingText }}
          />
        </div>
      )}
    </span>
  );
}

function PopupContent({
  status,
  users,
  total,
  moreTo,
  texts,
}: {
  status: 'pending' | 'error' | 'success';
  users: UserSummary[];
  total: number;
  moreTo: string | undefined;
  texts: { empty: string; error: string; loading: string };
}) {
  if (status === 'pending') return <p className={styles.note}>{texts.loading}</p>;
  if (status === 'error') return <p className={`${styles.note} ${styles.error}`}>{texts.error}</p>;
  if (total === 0 || users.length === 0) return <p className={styles.note}>{texts.empty}</p>;

  const shown = users.slice(0, LIMITS.popupAvatarsMax);
  const rest = total - shown.length;
  return (
    <ul className={styles.list}>
      {shown.map((user) => (
        <li key={user.id}>
          <Link
            to={paths.user(user.username)}
            className={styles.person}
            aria-label={user.fullName || user.username}
            title={user.fullName ? `${user.fullName} (@${user.username})` : `@${user.username}`}
          >
            <Avatar src={user.avatar} alt="" size="sm" />
          </Link>
        </li>
      ))}
      {rest > 0 && (
        <li>
          {moreTo ? (
            <Link to={moreTo} className={styles.more} aria-label={`and ${rest} more`}>
              +{rest}
            </Link>
          ) : (
            <span className={styles.more}>
              <span aria-hidden="true">+{rest}</span>
              <span className="visually-hidden">and {rest} more</span>
            </span>
          )}
        </li>
      )}
    </ul>
  );
}

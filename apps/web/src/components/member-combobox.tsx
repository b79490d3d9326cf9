import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TIMINGS, type UserSummary } from '@devplay/shared';
import { useDebouncedValue } from '../lib/use-debounced-value';
import type { FieldControl } from './form-field';
import { UserResults, type UserResultsStatus } from './user-results';
import styles from './member-combobox.module.css';

const DEBOUNCE_MS = 250;

/** A member search (GET /users?query=), handed in so this box owns no feature's calls. */
export type SearchMembers = (query: string, signal?: AbortSignal) => Promise<UserSummary[]>;

interface MemberComboboxProps {
  /** The id and descriptions of the label around the box (FormField, or a hidden label). */
  control: Partial<FieldControl> & { id: string };
  search: SearchMembers;
  /** Where the results of one query are cached, so reopening the box asks nothing. */
  queryKey: (query: string) => QueryKey;
  onChoose: (user: UserSummary) => void;
  placeholder: string;
  /** Names the list for screen readers ('Users', 'Members'). */
  listLabel: string;
  emptyText: string;
  /** Never offered (the sender of a transfer). */
  excludeId?: number;
  /** `pill`: the header's round box; `inline`: the mobile menu, where results push content down; `field`: a form input. */
  variant?: 'pill' | 'inline' | 'field';
  onBlur?: () => void;
  /** react-hook-form's field ref, so a failed submit can focus the box. */
  inputRef?: (node: HTMLInputElement | null) => void;
  disabled?: boolean;
}

/** SPEC §2/§5 member search as an ARIA combobox: results hide 200 ms after it loses focus. */
export function MemberCombobox({
  control,
  search,
  queryKey,
  onChoose,
  placeholder,
  listLabel,
  emptyText,
  excludeId,
  variant = 'field',
  onBlur,
  inputRef,
  disabled = false,
}: MemberComboboxProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<number | undefined>(undefined);
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const typed = text.trim();
  // One search per pause in typing, not one per key.
  const query = useDebouncedValue(typed, DEBOUNCE_MS);
  const found = useQuery({
    queryKey: queryKey(query),
    queryFn: ({ signal }) => search(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
    // The previous results stay up while the next ones load, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
  const results = typed && query ? (found.data ?? []).filter((user) => user.id !== excludeId) : [];
  const settled = query === typed && found.isSuccess && !found.isPlaceholderData;
  const expanded = open && typed.length > 0;
  let status: UserResultsStatus = 'ready';
  if (found.isError && query === typed) status = 'failed';
  else if (results.length === 0) status = settled ? 'empty' : 'searching';

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const choose = (user: UserSummary) => {
    setText('');
    setOpen(false);
    setActive(-1);
    onChoose(user);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!count) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index < 0 && step < 0 ? count - 1 : (index + step + count) % count));
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted member; in a form it must not submit it half-filled.
      if (expanded) event.preventDefault();
      const user = expanded ? results[active] : undefined;
      if (user) choose(user);
    } else if (event.key === 'Escape' && (expanded || text)) {
      // First Escape closes the list, a second clears the box; only an empty box lets it
      // through (defaultPrevented tells a surrounding menu), so the menu can close then.
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
      setActive(-1);
    }
  };

  return (
    <div className={[styles.combobox, styles[variant]].join(' ')}>
      <Search size={18} className={styles.icon} aria-hidden />
      <input
        {...control}
        ref={inputRef}
        className={styles.input}
        type="text"
        role="combobox"
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          onBlur?.();
          window.clearTimeout(hideTimer.current);
          hideTimer.current = window.setTimeout(() => setOpen(false), TIMINGS.searchBlurDelayMs);
        }}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        // Pressing an option must not blur the box first: the click lands on a list still shown.
        <div className={styles.popup} onMouseDown={(event) => event.preventDefault()}>
          <UserResults
            id={listboxId}
            label={listLabel}
            users={results}
            active={active}
            optionId={optionId}
            onChoose={choose}
            onActivate={setActive}
            status={status}
            emptyText={emptyText}
          />
        </div>
      )}
    </div>
  );
}

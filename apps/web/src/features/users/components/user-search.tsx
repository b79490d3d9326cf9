import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { TIMINGS, type UserSummary } from '@devplay/shared';
import { userPath } from '../../../components/user-path';
import { useUserSearch } from '../api';
import { useDebouncedValue } from '../use-debounced-value';
import { UserResults } from '../../../components/user-results';
import styles from './user-search.module.css';

const DEBOUNCE_MS = 250;
export const NO_USERS_FOUND = 'No users found';

interface UserSearchProps {
  /** `header`: results drop over the page; `inline`: they push the content down (mobile menu). */
  variant?: 'header' | 'inline';
  /** After a profile opens, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

/** SPEC §2/§5 user search: an ARIA combobox whose results hide 200 ms after it loses focus. */
export function UserSearch({ variant = 'header', onNavigate }: UserSearchProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hideTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const typed = text.trim();
  const query = useDebouncedValue(typed, DEBOUNCE_MS);
  const search = useUserSearch(query);
  const results: UserSummary[] = typed && query ? (search.data ?? []) : [];
  const settled = query === typed && search.isSuccess && !search.isPlaceholderData;
  const expanded = open && typed.length > 0;

  useEffect(() => () => window.clearTimeout(hideTimer.current), []);

  const openProfile = (user: UserSummary) => {
    setText('');
    setOpen(false);
    setActive(-1);
    void navigate(userPath(user.username));
    onNavigate?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((index) => (index + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count) setActive((index) => (index <= 0 ? count - 1 : index - 1));
        break;
      case 'Enter': {
        const user = expanded ? results[active] : undefined;
        if (user) {
          event.preventDefault();
          openProfile(user);
        }
        break;
      }
      case 'Escape':
        // First Escape closes the list, a second clears the box; only an empty box lets it
        // through (defaultPrevented tells a surrounding menu), so the menu can close then.
        if (!expanded && !text) break;
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        setActive(-1);
        break;
    }
  };

  return (
    <div className={`${styles.search} ${styles[variant]}`}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Search users
      </label>
      <Search size={18} className={styles.icon} aria-hidden />
      <input
        id={`${id}-input`}
        className={styles.input}
        type="text"
        role="combobox"
        placeholder="Search users"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
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
          window.clearTimeout(hideTimer.current);
          hideTimer.current = window.setTimeout(() => setOpen(false), TIMINGS.searchBlurDelayMs);
        }}
        onKeyDown={onKeyDown}
      />
      {expanded && (
        // Pressing a result must not blur the box first: the click lands on a list still shown.
        <div className={styles.popup} onMouseDown={(event) => event.preventDefault()}>
          <UserResults
            id={listboxId}
            label="Users"
            users={results}
            active={active}
            optionId={optionId}
            onChoose={openProfile}
            onActivate={setActive}
            status={
              search.isError && query === typed
                ? 'failed'
                : settled && results.length === 0
                  ? 'empty'
                  : results.length === 0
                    ? 'searching'
                    : 'ready'
            }
            emptyText={NO_USERS_FOUND}
          />
        </div>
      )}
    </div>
  );
}

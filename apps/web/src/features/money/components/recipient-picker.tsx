import { CircleAlert, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { TIMINGS, type UserSummary } from '@devplay/shared';
import fieldStyles from '../../../components/text-field.module.css';
import { UserIdentity } from '../../../components/user-row';
import { useRecipientSearch, type SearchMembers } from '../api';
import { UserResults } from '../../../components/user-results';
import styles from './recipient-picker.module.css';

const DEBOUNCE_MS = 250;
export const NO_MEMBERS_FOUND = 'No members found';

interface RecipientPickerProps {
  value: UserSummary | null;
  onChange: (recipient: UserSummary | null) => void;
  onBlur?: () => void;
  search: SearchMembers;
  /** The sender: never offered, since the server refuses a transfer to oneself. */
  excludeId?: number;
  error?: string;
  /** react-hook-form's field ref, so a failed submit can focus the box. */
  inputRef?: (node: HTMLInputElement | null) => void;
  disabled?: boolean;
}

/** Issue 5 recipient: an ARIA combobox over member search; the choice shows as a removable chip. */
export function RecipientPicker({
  value,
  onChange,
  onBlur,
  search,
  excludeId,
  error,
  inputRef,
  disabled = false,
}: RecipientPickerProps) {
  const id = useId();
  const ids = {
    label: `${id}-label`,
    input: `${id}-input`,
    list: `${id}-list`,
    error: `${id}-error`,
  };
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typingTimer = useRef<number | undefined>(undefined);
  const hideTimer = useRef<number | undefined>(undefined);
  // Focus follows a choice made here (to the chip, back to the box), not a form reset.
  const moveFocus = useRef(false);
  const boxRef = useRef<HTMLInputElement | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  const found = useRecipientSearch(query, search);
  const typed = text.trim();
  const current = typed !== '' && query === typed;
  const results = current ? (found.data ?? []).filter((user) => user.id !== excludeId) : [];
  const settled = current && found.isSuccess && !found.isPlaceholderData;
  const expanded = open && typed !== '';

  useEffect(
    () => () => {
      window.clearTimeout(typingTimer.current);
      window.clearTimeout(hideTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (value ? removeRef.current : boxRef.current)?.focus();
  }, [value]);

  const type = (next: string) => {
    setText(next);
    setActive(-1);
    setOpen(true);
    // One search per pause in typing, not one per key.
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => setQuery(next.trim()), DEBOUNCE_MS);
  };

  const choose = (user: UserSummary) => {
    moveFocus.current = true;
    setText('');
    setQuery('');
    setOpen(false);
    setActive(-1);
    onChange(user);
  };

  const remove = () => {
    moveFocus.current = true;
    onChange(null);
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
      // Enter picks the highlighted member instead of submitting the form half-filled.
      const user = expanded ? results[active] : undefined;
      if (expanded) event.preventDefault();
      if (user) choose(user);
    } else if (event.key === 'Escape' && (expanded || text)) {
      event.preventDefault();
      if (expanded) setOpen(false);
      else type('');
    }
  };

  const describedBy = error ? ids.error : undefined;

  return (
    <div className={fieldStyles.field}>
      <label id={ids.label} htmlFor={ids.input} className={fieldStyles.label}>
        Recipient
      </label>
      {value ? (
        <div
          className={styles.chip}
          role="group"
          aria-labelledby={ids.label}
          aria-describedby={describedBy}
        >
          <UserIdentity user={value} size="sm" />
          <button
            ref={removeRef}
            type="button"
            className={styles.remove}
            onClick={remove}
            disabled={disabled}
            aria-label={`Remove recipient ${value.fullName || value.username}`}
          >
            <X size={18} aria-hidden />
          </button>
        </div>
      ) : (
        <div className={styles.control}>
          <Search size={18} className={styles.icon} aria-hidden />
          <input
            ref={(node) => {
              boxRef.current = node;
              inputRef?.(node);
            }}
            id={ids.input}
            className={`${fieldStyles.input} ${styles.input}`}
            type="text"
            role="combobox"
            placeholder="Search members"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            disabled={disabled}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={ids.list}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            value={text}
            onChange={(event) => type(event.target.value)}
            onFocus={() => {
              window.clearTimeout(hideTimer.current);
              setOpen(true);
            }}
            onBlur={() => {
              onBlur?.();
              window.clearTimeout(hideTimer.current);
              hideTimer.current = window.setTimeout(
                () => setOpen(false),
                TIMINGS.searchBlurDelayMs,
              );
            }}
            onKeyDown={onKeyDown}
          />
          {expanded && (
            // Pressing an option must not blur the box first: the click lands on a list still shown.
            <div className={styles.popup} onMouseDown={(event) => event.preventDefault()}>
              <UserResults
                id={ids.list}
                label="Members"
                users={results}
                active={active}
                optionId={optionId}
                onChoose={choose}
                onActivate={setActive}
                status={
                  found.isError && current
                    ? 'failed'
                    : settled && results.length === 0
                      ? 'empty'
                      : results.length === 0
                        ? 'searching'
                        : 'ready'
                }
                emptyText={NO_MEMBERS_FOUND}
              />
            </div>
          )}
        </div>
      )}
      {error && (
        <p className={fieldStyles.error} id={ids.error}>
          <CircleAlert size={14} className={fieldStyles.errorIcon} aria-hidden />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

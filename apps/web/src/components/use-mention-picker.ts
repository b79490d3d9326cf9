import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { mentionQueryAt, TIMINGS, type UserSummary } from '@devplay/shared';
import { api } from '../lib/api-client';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { userKeys } from '../lib/user-keys';
import type { UserResultsStatus } from './user-results';

const DEBOUNCE_MS = 250;
const SUGGESTIONS = 6;

type Field = HTMLInputElement | HTMLTextAreaElement;

/** What a field already has that the picker must keep: react-hook-form's ref and blur. */
type OwnProps<E extends Field> = {
  ref?: Ref<E>;
  onBlur?: (event: FocusEvent<E>) => unknown;
};

/**
 * The field's text with `@username ` put in place of the name being typed, and the caret after
 * the space (the one already there when the text goes on after it).
 */
function withPicked(value: string, from: number, to: number, username: string) {
  const after = value.slice(to);
  const inserted = `@${username}${/^\s/.test(after) ? '' : ' '}`;
  return { value: value.slice(0, from) + inserted + after, caret: from + username.length + 2 };
}

const searchMembers = (query: string, signal?: AbortSignal) =>
  api.call('searchUsers', { query: { query, limit: SUGGESTIONS }, signal });

/**
 * Members to mention, offered while `@name` is being typed in a post's description or a comment:
 * the field becomes an ARIA combobox whose listbox (`MentionList`) lists the member search's
 * answers. ArrowUp/Down move, Enter or Tab picks (`@username ` at the caret, through `onPick`, so
 * a form library's value follows), Escape closes the list only, and the field's own keys (Enter
 * sends a comment) apply when it is closed: `onKeyDown` answers true when it took the key.
 */
export function useMentionPicker(onPick: (value: string) => void) {
  const id = useId();
  const field = useRef<Field | null>(null);
  const [typing, setTyping] = useState<{ start: number; query: string } | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const caretAfterPick = useRef<number | null>(null);
  const hideTimer = useRef<number | undefined>(undefined);

  const typed = typing?.query ?? '';
  const query = useDebouncedValue(typed, DEBOUNCE_MS);
  const found = useQuery({
    queryKey: [...userKeys.search(query), 'mention'],
    queryFn: ({ signal }) => searchMembers(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const users = typed && query ? (found.data ?? []) : [];
  const expanded = typed.length > 0 && !dismissed;
  const settled = query === typed && found.isSuccess && !found.isPlaceholderData;
  let status: UserResultsStatus = 'ready';
  if (found.isError && query === typed) status = 'failed';
  else if (users.length === 0) status = settled ? 'empty' : 'searching';

  // A picked name moved the text under the caret: it goes back after the name once rendered.
  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !field.current) return;
    caretAfterPick.current = null;
    field.current.setSelectionRange(caret, caret);
  });

  /** Reads the name typed before the caret, after any key, click or edit. */
  const read = () => {
    const element = field.current;
    if (!element) return;
    const { selectionStart, selectionEnd, value } = element;
    const next =
      selectionStart === selectionEnd ? mentionQueryAt(value, selectionStart ?? 0) : null;
    if (next?.start !== typing?.start || next?.query !== typing?.query) {
      setTyping(next);
      setDismissed(false);
      setActive(0);
    }
  };

  const pick = (user: UserSummary) => {
    const element = field.current;
    if (!element || !typing) return;
    const to = typing.start + typing.query.length + 1;
    const { value, caret } = withPicked(element.value, typing.start, to, user.username);
    caretAfterPick.current = caret;
    setTyping(null);
    onPick(value);
    element.focus();
  };

  const onKeyDown = (event: KeyboardEvent<Field>): boolean => {
    if (!expanded || event.nativeEvent.isComposing) return false;
    const count = users.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + count) % count);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && users[active]) {
      pick(users[active]);
    } else if (event.key === 'Escape') {
      // The list's own Escape: neither the dialog around it nor a comment editor closes.
      event.stopPropagation();
      setDismissed(true);
    } else return false;
    event.preventDefault();
    return true;
  };

  const listboxId = `${id}-mentions`;
  const optionId = (index: number) => `${id}-mention-${index}`;

  /**
   * The field's props, its own ref and blur kept. A one-line field is an ARIA combobox. A
   * textarea keeps its textbox role: a combobox is one line to a screen reader, and the role is
   * not allowed on a textarea; it still names the list and its active option, as a textbox may.
   */
  const bind = <E extends Field, P extends OwnProps<E>>(own: P, { multiline = false } = {}) => ({
    ...own,
    ref: (element: E | null) => {
      field.current = element;
      if (typeof own.ref === 'function') own.ref(element);
      else if (own.ref) own.ref.current = element;
    },
    onBlur: (event: FocusEvent<E>) => {
      own.onBlur?.(event);
      window.clearTimeout(hideTimer.current);
      hideTimer.current = window.setTimeout(() => setTyping(null), TIMINGS.searchBlurDelayMs);
    },
    onFocus: () => window.clearTimeout(hideTimer.current),
    onSelect: read,
    ...(multiline
      ? { 'aria-haspopup': 'listbox' as const }
      : { role: 'combobox' as const, 'aria-expanded': expanded }),
    'aria-autocomplete': 'list' as const,
    'aria-controls': listboxId,
    'aria-activedescendant': expanded && users[active] ? optionId(active) : undefined,
  });

  return {
    bind,
    onKeyDown,
    expanded,
    list: { listboxId, optionId, users, active, status, pick, setActive },
  };
}

export type MentionPicker = ReturnType<typeof useMentionPicker>;

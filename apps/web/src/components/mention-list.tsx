import type { ReactNode } from 'react';
import type { MentionPicker } from './use-mention-picker';
import { UserResults } from './user-results';
import styles from './mention-list.module.css';

/**
 * A field with a mention picker (`useMentionPicker`), and the picker's listbox under it while a
 * name is being typed: each member's picture, full name and @username.
 */
export function MentionList({ picker, children }: { picker: MentionPicker; children: ReactNode }) {
  const { listboxId, optionId, users, active, status, pick, setActive } = picker.list;
  return (
    <div className={styles.anchor}>
      {children}
      {picker.expanded && (
        // Pressing an option must not blur the field first: the click lands on a list still shown.
        <div className={styles.popup} onMouseDown={(event) => event.preventDefault()}>
          <UserResults
            id={listboxId}
            label="Members to mention"
            users={users}
            active={active}
            optionId={optionId}
            onChoose={pick}
            onActivate={setActive}
            status={status}
            emptyText="No members found"
          />
        </div>
      )}
    </div>
  );
}

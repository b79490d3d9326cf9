import { PROFILE_MESSAGES, type UserSummary } from '@devplay/shared';
import { Spinner } from './spinner';
import { UserIdentity } from './user-row';
import styles from './user-results.module.css';

export type UserResultsStatus = 'searching' | 'failed' | 'empty' | 'ready';

interface UserResultsProps {
  id: string;
  label: string;
  users: UserSummary[];
  /** Index of the keyboard-highlighted option, -1 for none. */
  active: number;
  optionId: (index: number) => string;
  onChoose: (user: UserSummary) => void;
  onActivate: (index: number) => void;
  status: UserResultsStatus;
  emptyText: string;
}

/** The listbox of a member-search combobox with its searching, failed and empty states. */
export function UserResults({
  id,
  label,
  users,
  active,
  optionId,
  onChoose,
  onActivate,
  status,
  emptyText,
}: UserResultsProps) {
  return (
    <>
      <ul id={id} role="listbox" aria-label={label} className={styles.list}>
        {users.map((user, index) => (
          <li
            key={user.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            onClick={() => onChoose(user)}
            onMouseMove={() => onActivate(index)}
          >
            <UserIdentity user={user} size="sm" />
          </li>
        ))}
      </ul>
      {status === 'searching' && (
        <div className={styles.note}>
          <Spinner size="sm" label="Searching..." />
        </div>
      )}
      {status === 'failed' && (
        <p className={`${styles.note} ${styles.failed}`} role="alert">
          {PROFILE_MESSAGES.errorLoadingUser}
        </p>
      )}
      {status === 'empty' && (
        <p className={styles.note} role="status">
          {emptyText}
        </p>
      )}
    </>
  );
}

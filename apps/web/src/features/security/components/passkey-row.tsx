import { KeyRound } from 'lucide-react';
import type { Passkey } from '@devplay/shared';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format-date-time';
import { PASSKEY_TEXTS } from '../passkey-texts';
import { timeAgo } from '../time-ago';
import { Moment, SecurityRow } from './security-row';
import styles from './security.module.css';

interface PasskeyRowProps {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}

/** One passkey: its name, when it was added and last used, and what can be done with it. */
export function PasskeyRow({ passkey, onRename, onRemove }: PasskeyRowProps) {
  const hiddenName = <span className="visually-hidden">{passkey.name}</span>;
  return (
    <SecurityRow
      icon={<KeyRound size={20} aria-hidden />}
      name={passkey.name}
      actions={
        <span className={styles.rowActions}>
          <Button variant="secondary" size="sm" onClick={onRename}>
            {PASSKEY_TEXTS.rename} {hiddenName}
          </Button>
          <Button variant="secondary" size="sm" onClick={onRemove}>
            {PASSKEY_TEXTS.remove} {hiddenName}
          </Button>
        </span>
      }
    >
      <p className={styles.lead}>
        <Moment
          label={PASSKEY_TEXTS.added}
          iso={passkey.createdAt}
          shown={formatDateTime(passkey.createdAt)}
        />
        {' · '}
        {passkey.lastUsedAt ? (
          <Moment
            label={PASSKEY_TEXTS.lastUsed}
            iso={passkey.lastUsedAt}
            shown={timeAgo(passkey.lastUsedAt)}
          />
        ) : (
          <span className={styles.deviceWhen}>{PASSKEY_TEXTS.neverUsed}</span>
        )}
      </p>
    </SecurityRow>
  );
}

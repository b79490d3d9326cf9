import { displayName } from '@devplay/shared';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { UserSummary } from '@devplay/shared';
import { FormField } from '../../../components/form-field';
import { MemberCombobox, type SearchMembers } from '../../../components/member-combobox';
import { UserIdentity } from '../../../components/user-row';
import { moneyKeys } from '../money-keys';
import styles from './recipient-picker.module.css';

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

/** The recipient: a member search; the choice shows as a removable chip in its place. */
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
  // Focus follows a choice made here (to the chip, back to the box), not a form reset.
  const moveFocus = useRef(false);
  const boxRef = useRef<HTMLInputElement | null>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (value ? removeRef.current : boxRef.current)?.focus();
  }, [value]);

  const change = (next: UserSummary | null) => {
    moveFocus.current = true;
    onChange(next);
  };

  return (
    <FormField label="Recipient" error={error}>
      {(control, labelId) =>
        value ? (
          <div
            className={styles.chip}
            role="group"
            aria-labelledby={labelId}
            aria-describedby={control['aria-describedby']}
          >
            <UserIdentity user={value} size="sm" />
            <button
              ref={removeRef}
              type="button"
              className={styles.remove}
              onClick={() => change(null)}
              disabled={disabled}
              aria-label={`Remove recipient ${displayName(value)}`}
            >
              <X size={18} aria-hidden />
            </button>
          </div>
        ) : (
          <MemberCombobox
            control={control}
            search={search}
            queryKey={moneyKeys.recipients}
            onChoose={change}
            placeholder="Search members"
            listLabel="Members"
            emptyText="No members found"
            excludeId={excludeId}
            onBlur={onBlur}
            inputRef={(node) => {
              boxRef.current = node;
              inputRef?.(node);
            }}
            disabled={disabled}
          />
        )
      }
    </FormField>
  );
}

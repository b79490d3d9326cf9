import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentPropsWithRef } from 'react';
import { FormField } from './form-field';
import styles from './password-field.module.css';

type PasswordFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type' | 'autoComplete'> & {
  label: string;
  error?: string;
  id?: string;
  /** The browser's hint: fill in the saved password, or offer a new one. */
  autoComplete: 'current-password' | 'new-password';
};

/** A required password input with an eye button that reveals what was typed. */
export function PasswordField({ label, error, id, className, ...inputProps }: PasswordFieldProps) {
  const [revealed, setRevealed] = useState(false);

  return (
    <FormField label={label} error={error} id={id} className={className}>
      {(control) => (
        <div className={styles.control}>
          <input
            {...control}
            type={revealed ? 'text' : 'password'}
            className={styles.input}
            required
            {...inputProps}
          />
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setRevealed((value) => !value)}
            aria-label="Show password"
            aria-pressed={revealed}
            aria-controls={control.id}
          >
            {revealed ? <EyeOff size={18} aria-hidden /> : <Eye size={18} aria-hidden />}
          </button>
        </div>
      )}
    </FormField>
  );
}

type Registration = Omit<PasswordFieldProps, 'label' | 'autoComplete'>;

/** The new password and its confirmation, as /reset-password (SPEC §4) and settings (§5) ask. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: Registration;
  confirmation: Registration;
}) {
  return (
    <>
      <PasswordField label="New password" autoComplete="new-password" {...password} />
      <PasswordField label="Confirm new password" autoComplete="new-password" {...confirmation} />
    </>
  );
}

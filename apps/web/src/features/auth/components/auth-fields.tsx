import type { ComponentProps } from 'react';
import { TextField } from '../../../components/text-field';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>;

interface EmailFieldProps extends Omit<FieldProps, 'label'> {
  /** The sign-in's input: the browser may suggest this site's passkeys in it too. */
  passkeys?: boolean;
}

/** The member's e-mail, as every auth screen asks for it. */
export function EmailField({ passkeys = false, ...props }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete={passkeys ? 'username webauthn' : 'email'}
      inputMode="email"
      required
      {...props}
    />
  );
}

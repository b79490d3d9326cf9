import type { ComponentProps } from 'react';
import { TextField } from './text-field';

type CodeFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'autoComplete' | 'inputMode'>;

/**
 * A 6-digit one-time code (an e-mail's, an authenticator app's): the phone offers its number pad
 * and the code it just received.
 */
export function CodeField(props: CodeFieldProps) {
  return (
    <TextField
      placeholder="6-digit code"
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      {...props}
    />
  );
}

import type { ComponentPropsWithRef } from 'react';
import { buttonClassName, type ButtonStyleOptions } from './button-styles';
import { Spinner } from './spinner';

type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonStyleOptions & {
    /** Shows a spinner and blocks repeat submits while a request runs. */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  block,
  iconOnly,
  className,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, iconOnly, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}

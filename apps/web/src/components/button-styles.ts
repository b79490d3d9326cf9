import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  iconOnly?: boolean;
  className?: string;
}

/** Lets links look like buttons without pretending to be buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  iconOnly = false,
  className,
}: ButtonStyleOptions = {}): string {
  return [
    styles.button,
    styles[variant],
    size !== 'md' && styles[size],
    block && styles.block,
    iconOnly && styles.icon,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

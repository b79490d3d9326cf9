import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './alert.module.css';

type AlertTone = 'error' | 'success' | 'info' | 'warning';

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info, warning: TriangleAlert };

interface AlertProps {
  tone: AlertTone;
  children: ReactNode;
  className?: string;
  /** For texts that bring their own symbol, such as SPEC's '✅ Email verified!'. */
  hideIcon?: boolean;
}

/** A message inside the page. Errors interrupt screen readers; other tones wait their turn. */
export function Alert({ tone, children, className, hideIcon = false }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {!hideIcon && <Icon size={18} className={styles.icon} aria-hidden />}
      <div className={styles.content}>{children}</div>
    </div>
  );
}

import styles from './spinner.module.css';

interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  label?: string;
  /** Inside a busy button the button itself already says so. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({
  size = 'md',
  label = 'Loading...',
  decorative = false,
  className,
}: SpinnerProps) {
  const ring = (
    <span className={[styles.spinner, styles[size], className].filter(Boolean).join(' ')} />
  );
  if (decorative) return <span aria-hidden="true">{ring}</span>;
  return (
    <span role="status">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

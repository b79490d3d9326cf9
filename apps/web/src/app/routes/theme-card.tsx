import { useId } from 'react';
import { Card } from '../../components/card';
import { ThemeChoiceControl } from '../../components/theme-choice';
import styles from './theme-card.module.css';

/** The settings page's card for the theme, kept on this device only. */
export function ThemeCard() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        Appearance
      </h2>
      <p className={styles.lead}>
        Kept on this device. System follows your device&apos;s light or dark setting.
      </p>
      <ThemeChoiceControl />
    </Card>
  );
}

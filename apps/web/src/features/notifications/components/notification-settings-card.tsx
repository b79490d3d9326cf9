import { NOTIFICATION_KINDS, NOTIFICATION_TYPES } from '@devplay/shared';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { Skeleton } from '../../../components/skeleton';
import { useNotificationSettings, useUpdateNotificationSetting } from '../api';
import { NOTIFICATION_TEXTS } from '../notification-texts';
import styles from './notification-settings-card.module.css';

/** The settings page's card: one switch per kind of notification, each saved as it moves. */
export function NotificationSettingsCard() {
  const headingId = useId();
  const idBase = useId();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();

  return (
    <Card aria-labelledby={headingId} aria-busy={settings.isPending}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {NOTIFICATION_TEXTS.settingsTitle}
        </h2>
        <p className={styles.lead}>{NOTIFICATION_TEXTS.settingsLead}</p>
      </div>
      {update.isError && <Alert tone="error">{NOTIFICATION_TEXTS.settingsSaveError}</Alert>}
      {settings.isError && (
        <RetryAlert
          text={NOTIFICATION_TEXTS.settingsLoadError}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.isPending && (
        <div aria-hidden="true" className={styles.list}>
          {NOTIFICATION_TYPES.map((type) => (
            <Skeleton key={type} height={40} />
          ))}
        </div>
      )}
      {settings.data && (
        <ul className={styles.list}>
          {NOTIFICATION_TYPES.map((type) => {
            const id = `${idBase}-${type}`;
            return (
              <li key={type} className={styles.item}>
                <span className={styles.text}>
                  <label htmlFor={id} className={styles.label}>
                    {NOTIFICATION_KINDS[type].label}
                  </label>
                  <span className={styles.hint} id={`${id}-hint`}>
                    {NOTIFICATION_KINDS[type].hint}
                  </span>
                </span>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  className={styles.switch}
                  aria-describedby={`${id}-hint`}
                  checked={settings.data[type]}
                  onChange={(event) => update.mutate({ type, on: event.target.checked })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

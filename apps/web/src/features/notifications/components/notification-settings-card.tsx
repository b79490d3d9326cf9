import { NOTIFICATION_TYPES, type NotificationType } from '@devplay/shared';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { Skeleton } from '../../../components/skeleton';
import { useNotificationSettings, useUpdateNotificationSetting } from '../api';
import { NOTIFICATION_TEXTS } from '../notification-texts';
import styles from './notification-settings-card.module.css';

const SWITCHES: Record<NotificationType, { label: string; hint: string }> = {
  follow: { label: 'New subscribers', hint: 'Someone subscribes to you' },
  like: { label: 'Likes', hint: 'Someone likes your post' },
  comment: { label: 'Comments', hint: 'Someone comments on your post' },
  transfer: { label: 'Money received', hint: 'Someone sends you money' },
  tournament: { label: 'Tournament', hint: 'Your match is set, scheduled or decided' },
  moderation: { label: 'Moderation', hint: 'An admin removes or warns about your content' },
  report: { label: 'Your reports', hint: 'An admin reviewed something you reported' },
  mention: { label: 'Mentions', hint: 'Someone mentions you with @username' },
};

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
                    {SWITCHES[type].label}
                  </label>
                  <span className={styles.hint} id={`${id}-hint`}>
                    {SWITCHES[type].hint}
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

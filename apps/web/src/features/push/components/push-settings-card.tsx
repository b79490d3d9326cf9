import { NOTIFICATION_KINDS, PUSH_TYPES } from '@devplay/shared';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import cardHead from '../../../components/card-head.module.css';
import switchStyles from '../../../components/switch.module.css';
import { PUSH_TEXTS } from '../push-texts';
import { useDevicePush } from '../use-device-push';
import styles from './push-settings-card.module.css';

/**
 * Settings: push notifications on this device. The browser asks for permission only when the
 * member turns the switch on; the kinds chosen here narrow what the notification settings allow.
 */
export function PushSettingsCard() {
  const headingId = useId();
  const switchId = useId();
  const { state, types, pending, failed, turnOn, turnOff, choose } = useDevicePush();
  const on = state === 'on';

  return (
    <Card aria-labelledby={headingId} aria-busy={state === 'checking' || pending}>
      <div className={cardHead.head}>
        <h2 id={headingId} className={cardHead.title}>
          {PUSH_TEXTS.title}
        </h2>
        <p className={cardHead.lead}>{PUSH_TEXTS.lead}</p>
      </div>
      {state === 'unsupported' ? (
        <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert>
      ) : (
        <div className={switchStyles.row}>
          <span className={switchStyles.text}>
            <label htmlFor={switchId} className={switchStyles.label}>
              {PUSH_TEXTS.switchLabel}
            </label>
            <span className={styles.hint} id={`${switchId}-hint`}>
              {PUSH_TEXTS.switchHint}
            </span>
          </span>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className={switchStyles.switch}
            aria-describedby={`${switchId}-hint`}
            checked={on}
            disabled={state === 'checking' || state === 'denied' || pending}
            onChange={(event) => void (event.target.checked ? turnOn() : turnOff())}
          />
        </div>
      )}
      {state === 'denied' && <Alert tone="warning">{PUSH_TEXTS.denied}</Alert>}
      {failed && <Alert tone="error">{PUSH_TEXTS.failed}</Alert>}
      {on && (
        <fieldset className={styles.types} disabled={pending}>
          <legend className={styles.legend}>{PUSH_TEXTS.typesLegend}</legend>
          {PUSH_TYPES.map((type) => (
            <label key={type} className={styles.type}>
              <input
                type="checkbox"
                checked={types.includes(type)}
                onChange={(event) => choose(type, event.target.checked)}
              />
              {type === 'message' ? PUSH_TEXTS.messages : NOTIFICATION_KINDS[type].label}
            </label>
          ))}
        </fieldset>
      )}
    </Card>
  );
}

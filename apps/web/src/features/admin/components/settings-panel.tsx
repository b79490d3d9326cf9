import {
  REGISTRATION_MODE_LABELS,
  REGISTRATION_MODES,
  REGISTRATION_TEXTS,
  type RegistrationMode,
  type SiteSettings,
} from '@devplay/shared';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useSiteSettings, useUpdateSiteSettings } from '../api';
import { BlockedDomains } from './blocked-domains';
import styles from './settings-panel.module.css';
import admin from './admin.module.css';

const sameSettings = (a: SiteSettings, b: SiteSettings) =>
  a.registrations === b.registrations &&
  a.blockedEmailDomains.join('\n') === b.blockedEmailDomains.join('\n');

function RegistrationsChoice({
  value,
  onChange,
}: {
  value: RegistrationMode;
  onChange: (mode: RegistrationMode) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Registrations</legend>
      {REGISTRATION_MODES.map((mode) => {
        const { label, hint } = REGISTRATION_MODE_LABELS[mode];
        return (
          <label key={mode} className={styles.option}>
            <input
              type="radio"
              name={name}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              aria-describedby={`${name}-${mode}-hint`}
              className={styles.radio}
            />
            <span className={styles.optionText}>
              <span className={styles.optionLabel}>{label}</span>
              <span id={`${name}-${mode}-hint`} className={styles.hint}>
                {hint}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function SettingsForm({ saved }: { saved: SiteSettings }) {
  const [edited, setEdited] = useState(saved);
  const update = useUpdateSiteSettings();
  const toast = useToast();
  const unsaved = !sameSettings(edited, saved);

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(edited, {
      onSuccess: (answer) => {
        setEdited(answer);
        toast.show(REGISTRATION_TEXTS.settingsSaved, 'success');
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={save} noValidate aria-label="Registration settings">
      <RegistrationsChoice
        value={edited.registrations}
        onChange={(registrations) => setEdited((current) => ({ ...current, registrations }))}
      />
      <BlockedDomains
        domains={edited.blockedEmailDomains}
        onChange={(blockedEmailDomains) =>
          setEdited((current) => ({ ...current, blockedEmailDomains }))
        }
      />
      {update.isError && <Alert tone="error">{getErrorMessage(update.error)}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending}>
          Save settings
        </Button>
        <span className={styles.hint} role="status">
          {unsaved ? 'Unsaved changes' : ''}
        </span>
      </div>
    </form>
  );
}

/** Settings tab: who may sign up, and from which e-mail domains not. */
export function SettingsPanel() {
  const settings = useSiteSettings();

  if (settings.isPending) {
    return (
      <div aria-hidden="true">
        <SkeletonRow className={admin.skeletonRow} />
        <SkeletonRow className={admin.skeletonRow} />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <RetryAlert
        text={REGISTRATION_TEXTS.settingsLoadError}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <SettingsForm saved={settings.data} />;
}

import { useId } from 'react';
import {
  PRIVACY_AUDIENCE_LABELS,
  PRIVACY_AUDIENCES,
  type Privacy,
  type PrivacyAudience,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Card } from '../../../components/card';
import { ChoiceGroup } from '../../../components/choice-group';
import { useUpdatePrivacy } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import styles from './safety.module.css';

const CHOICES = PRIVACY_AUDIENCES.map((value) => ({
  value,
  label: PRIVACY_AUDIENCE_LABELS[value],
}));

const FIELDS: readonly { field: keyof Privacy; legend: string }[] = [
  { field: 'messagesFrom', legend: SAFETY_TEXTS.messagesFrom },
  { field: 'transfersFrom', legend: SAFETY_TEXTS.transfersFrom },
];

/** Settings: who may message the member and who may send them money, each saved as it moves. */
export function PrivacyCard({ privacy }: { privacy: Privacy }) {
  const headingId = useId();
  const update = useUpdatePrivacy();
  // The choice on its way shows at once; a refusal puts the saved one back.
  const shown = update.isPending ? { ...privacy, ...update.variables } : privacy;
  const choose = (field: keyof Privacy, value: PrivacyAudience) => {
    if (value !== shown[field]) update.mutate({ [field]: value });
  };

  return (
    <Card aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {SAFETY_TEXTS.privacyTitle}
        </h2>
        <p className={styles.lead}>{SAFETY_TEXTS.privacyLead}</p>
      </div>
      <div className={styles.form}>
        {FIELDS.map(({ field, legend }) => (
          <ChoiceGroup
            key={field}
            legend={legend}
            choices={CHOICES}
            value={shown[field]}
            onChange={(value) => choose(field, value)}
          />
        ))}
        {update.isError && <Alert tone="error">{SAFETY_TEXTS.privacySaveError}</Alert>}
      </div>
      <div role="status" className={styles.status}>
        {update.isSuccess && SAFETY_TEXTS.privacySaved}
      </div>
    </Card>
  );
}

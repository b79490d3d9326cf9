import { REGISTRATION_TEXTS, SAFETY_LIMITS } from '@devplay/shared';
import { Plus, Trash2 } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import fieldStyles from '../../../components/text-field.module.css';
import type * as DomainCheck from '../domain-check';
import admin from './admin.module.css';
import styles from './settings-panel.module.css';

let domainRules: Promise<typeof DomainCheck> | null = null;
/** The domain schema (and zod with it) loads once, when the list first shows. */
const loadDomainRules = () => {
  // A failed download (offline) is forgotten, so the next attempt tries again.
  domainRules ??= import('../domain-check').catch((error: unknown) => {
    domainRules = null;
    throw error;
  });
  return domainRules;
};

/** The list alone re-renders when it changes, not on each key typed into the field above it. */
const DomainList = memo(function DomainList({
  domains,
  labelledBy,
  onRemove,
}: {
  domains: string[];
  labelledBy: string;
  onRemove: (domain: string) => void;
}) {
  if (domains.length === 0) return <p className={admin.empty}>No domains blocked.</p>;
  return (
    <ul className={admin.list} aria-labelledby={labelledBy}>
      {domains.map((domain) => (
        <li key={domain} className={admin.row}>
          <span className={`${admin.rowBody} ${admin.name}`}>{domain}</span>
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            aria-label={`Remove ${domain}`}
            title={`Remove ${domain}`}
            onClick={() => onRemove(domain)}
          >
            <Trash2 size={16} aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
});

/** Settings tab: the e-mail domains sign-ups are refused from, edited until the form saves. */
export function BlockedDomains({
  domains,
  onChange,
}: {
  domains: string[];
  onChange: (domains: string[]) => void;
}) {
  const headingId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Not on the page's first paint: the rules load as soon as the list shows, before Add.
  useEffect(() => void loadDomainRules().catch(() => undefined), []);

  const add = async () => {
    const checked = (await loadDomainRules()).checkDomain(draft);
    if ('error' in checked) return setError(checked.error);
    if (domains.includes(checked.domain)) return setError(REGISTRATION_TEXTS.domainAlreadyListed);
    if (domains.length >= SAFETY_LIMITS.blockedEmailDomainsMax) {
      return setError(REGISTRATION_TEXTS.domainsFull);
    }
    onChange([...domains, checked.domain].sort());
    setDraft('');
    setError(undefined);
  };
  const remove = useCallback(
    (domain: string) => onChange(domains.filter((listed) => listed !== domain)),
    [domains, onChange],
  );
  // Enter adds the domain: it must not save the whole form half-edited.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };

  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.legend}>
        Blocked e-mail domains
      </h2>
      <p className={styles.hint}>
        Sign-ups from these domains and their subdomains are refused: example.com also blocks
        mail.example.com. Members who already joined stay.
      </p>
      <FormField label="Domain to block" error={error}>
        {(control) => (
          <div className={styles.addRow}>
            <input
              {...control}
              className={fieldStyles.input}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="example.com"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <Button variant="secondary" onClick={() => void add()}>
              <Plus size={16} aria-hidden />
              Add
            </Button>
          </div>
        )}
      </FormField>
      <DomainList domains={domains} labelledBy={headingId} onRemove={remove} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Map as MapIcon } from 'lucide-react';
import { useState } from 'react';
import { MAP_POOL, RULES_LANGUAGES, type RulesLanguage } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Skeleton } from '../../../components/skeleton';
import { getErrorMessage } from '../../../lib/error-message';
import { initialLanguage, LANGUAGE_INFO, loadRules, rememberLanguage } from '../rules/languages';
import styles from './rules-panel.module.css';

/** SPEC §2 Rules: the rules in en, ru, de, pl or cz; the choice is remembered on this device. */
export function RulesPanel() {
  const [language, setLanguage] = useState<RulesLanguage>(initialLanguage);
  const rules = useQuery({
    queryKey: ['tournament-rules', language],
    queryFn: () => loadRules(language),
    staleTime: Infinity,
  });

  const choose = (next: RulesLanguage) => {
    setLanguage(next);
    rememberLanguage(next);
  };

  return (
    <div className={styles.rules}>
      <div className={styles.switch} role="group" aria-label="Language of the rules">
        {RULES_LANGUAGES.map((code) => (
          <button
            key={code}
            type="button"
            lang={LANGUAGE_INFO[code].lang}
            className={styles.language}
            aria-pressed={code === language}
            onClick={() => choose(code)}
          >
            <span className={styles.code} aria-hidden="true">
              {code.toUpperCase()}
            </span>
            {LANGUAGE_INFO[code].name}
          </button>
        ))}
      </div>
      {rules.isError ? (
        <Alert tone="error">{getErrorMessage(rules.error)}</Alert>
      ) : !rules.data ? (
        <div className={styles.loading} aria-busy="true" aria-label="Loading the rules">
          <Skeleton height={28} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="90%" />
          <Skeleton height={14} width="80%" />
        </div>
      ) : (
        <article className={styles.text} lang={LANGUAGE_INFO[language].lang}>
          <h3 className={styles.title}>{rules.data.title}</h3>
          <p className={styles.intro}>{rules.data.intro}</p>
          <section className={styles.pool}>
            <h4 className={styles.heading}>{rules.data.mapPool}</h4>
            <ul className={styles.maps} lang="en">
              {MAP_POOL.map((map) => (
                <li key={map} className={styles.map}>
                  <MapIcon size={16} aria-hidden />
                  {map}
                </li>
              ))}
            </ul>
          </section>
          <ol className={styles.sections}>
            {rules.data.sections.map((section) => (
              <li key={section.heading} className={styles.section}>
                <h4 className={styles.heading}>{section.heading}</h4>
                <ul className={styles.points}>
                  {section.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </article>
      )}
    </div>
  );
}

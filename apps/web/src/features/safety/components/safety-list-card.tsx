import { useId } from 'react';
import { Card } from '../../../components/card';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { Skeleton } from '../../../components/skeleton';
import { UserRow } from '../../../components/user-row';
import { useSafetyList, type SafetyList } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import { UnblockButton, UnmuteButton } from './profile-safety-actions';
import styles from './safety.module.css';

const TEXTS = {
  blocks: {
    title: SAFETY_TEXTS.blockedTitle,
    lead: SAFETY_TEXTS.blockedLead,
    empty: SAFETY_TEXTS.blockedEmpty,
    error: SAFETY_TEXTS.blockedError,
    Action: UnblockButton,
  },
  mutes: {
    title: SAFETY_TEXTS.mutedTitle,
    lead: SAFETY_TEXTS.mutedLead,
    empty: SAFETY_TEXTS.mutedEmpty,
    error: SAFETY_TEXTS.mutedError,
    Action: UnmuteButton,
  },
} as const;

/** Settings: the members one blocks (or mutes), a page at a time, each with its way back. */
export function SafetyListCard({ kind }: { kind: SafetyList }) {
  const headingId = useId();
  const { title, lead, empty, error, Action } = TEXTS[kind];
  const list = useSafetyList(kind);
  const people = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card aria-labelledby={headingId} aria-busy={list.isPending}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <p className={styles.lead}>{lead}</p>
      </div>
      {list.isPending && <Skeleton height={56} />}
      {list.isError && !list.data && (
        <RetryAlert text={error} onRetry={() => void list.refetch()} />
      )}
      {list.isSuccess && people.length === 0 && <p className={styles.empty}>{empty}</p>}
      {people.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {people.map((person) => (
            <li key={person.id}>
              <UserRow user={person} action={<Action member={person} />} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} errorText={error} />
    </Card>
  );
}

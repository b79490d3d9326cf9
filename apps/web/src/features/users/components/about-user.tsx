import { ageStatus, PROFILE_MESSAGES } from '@devplay/shared';
import styles from './about-user.module.css';

interface AboutUserProps {
  age: number | null;
  bio: string;
  /** Only the member's own profile shows the e-mail. */
  email?: string;
}

/** Age with its SPEC §4 status, the bio or 'No information', and the e-mail on one's own page. */
export function AboutUser({ age, bio, email }: AboutUserProps) {
  return (
    <dl className={styles.list}>
      <div className={styles.item}>
        <dt>Age</dt>
        <dd>
          {age ?? PROFILE_MESSAGES.noInformation}{' '}
          <span className={styles.status}>{ageStatus(age)}</span>
        </dd>
      </div>
      <div className={styles.item}>
        <dt>Bio</dt>
        <dd className={styles.bio}>{bio.trim() || PROFILE_MESSAGES.noInformation}</dd>
      </div>
      {email && (
        <div className={styles.item}>
          <dt>Email</dt>
          <dd>{email}</dd>
        </div>
      )}
    </dl>
  );
}

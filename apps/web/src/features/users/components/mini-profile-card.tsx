import { displayName, handle } from '@devplay/shared';
import { ChevronDown, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { Me } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { CountBadge } from '../../../components/count-badge';
import { NOUNS, nounFor } from '../count-noun';
import { coverStyle } from './cover';
import coverStyles from './cover.module.css';
import styles from './mini-profile-card.module.css';
import { paths } from '../../../lib/paths';

/** One entry of the card's menu: a page (`to`) or an action (`onSelect`, e.g. Exit). */
export interface ProfileMenuEntry {
  id: string;
  label: string;
  icon: LucideIcon;
  to?: string;
  onSelect?: () => void;
  /** A count beside the label (unread messages, later). */
  badge?: number;
}

interface MiniProfileCardProps {
  me: Me;
  menu: readonly ProfileMenuEntry[];
}

/** SPEC §2 mini-profile: cover, avatar, names, counts, a collapsible menu and View Profile. */
export function MiniProfileCard({ me, menu }: MiniProfileCardProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const counts = [
    { to: paths.myPosts, noun: NOUNS.posts, value: me.posts_count },
    { to: paths.followers, noun: NOUNS.subscribers, value: me.followersCount },
    { to: paths.following, noun: NOUNS.subscriptions, value: me.followingsCount },
  ];

  return (
    <Card flush as="section" className={styles.card} aria-label="Your profile">
      <div className={`${coverStyles.cover} ${styles.cover}`} style={coverStyle(me.id)} />
      <div className={styles.identity}>
        <Avatar src={me.avatar} alt="" size="lg" className={styles.avatar} />
        <p className={styles.name}>{displayName(me)}</p>
        <p className={styles.username}>{handle(me.username)}</p>
      </div>
      <ul className={styles.counts}>
        {counts.map(({ to, noun, value }) => (
          <li key={to}>
            <Link to={to} className={styles.count}>
              <strong>{value}</strong> <span>{nounFor(value, noun)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.menuBlock}>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
          <ChevronDown size={18} aria-hidden className={styles.chevron} />
        </button>
        <ul id={menuId} className={styles.menu} hidden={!menuOpen}>
          {menu.map((entry) => (
            <li key={entry.id}>
              <MenuEntry entry={entry} />
            </li>
          ))}
        </ul>
        <Link to={paths.profile} className={styles.viewProfile}>
          View Profile
        </Link>
      </div>
    </Card>
  );
}

function MenuEntry({ entry }: { entry: ProfileMenuEntry }) {
  const { icon: Icon, label, badge } = entry;
  const content = (
    <>
      <Icon size={18} aria-hidden />
      <span className={styles.entryLabel}>{label}</span>
      <CountBadge count={badge ?? 0} />
    </>
  );
  if (entry.to) {
    return (
      <NavLink to={entry.to} className={styles.entry}>
        {content}
      </NavLink>
    );
  }
  return (
    <button type="button" className={styles.entry} onClick={entry.onSelect}>
      {content}
    </button>
  );
}

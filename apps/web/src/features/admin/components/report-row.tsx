import { REPORT_REASON_LABELS, type Report } from '@devplay/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { formatDateTime } from '../../../lib/format-date-time';
import { paths } from '../../../lib/paths';
import { ACTION_LABELS, REPORTS_TEXTS, STATUS_LABELS, TARGET_NOUNS } from '../reports-texts';
import type { Resolution } from './resolve-dialog';
import styles from './admin.module.css';
import own from './reports.module.css';

const nameOf = (member: Report['reporter']) => member?.username ?? REPORTS_TEXTS.deletedMember;

/** Where the target is now: its post (a comment's too) or the member's page; null once gone. */
function targetLink({ target }: Report): { to: string; label: string } | null {
  if ((target.type === 'post' || target.type === 'comment') && target.postId)
    return { to: paths.post(target.postId), label: `Open the ${TARGET_NOUNS[target.type]}` };
  if (target.type === 'user' && target.author)
    return { to: paths.user(target.author.username), label: 'Open the profile' };
  return null;
}

/** The actions an open report offers: a member is suspended, never removed. */
function actionsFor(report: Report): { action: Resolution; label: string }[] {
  const { type, author } = report.target;
  return [
    { action: 'dismiss' as const, label: 'Dismiss' },
    ...(type === 'user' ? [] : [{ action: 'remove' as const, label: 'Remove' }]),
    ...(author
      ? [
          { action: 'warn' as const, label: 'Warn' },
          { action: 'suspend' as const, label: 'Suspend' },
        ]
      : []),
  ];
}

/**
 * One report: what was reported as it was then, where it is now, who reported it and why, and
 * either the actions or how it was resolved.
 */
export function ReportRow({
  report,
  onResolve,
}: {
  report: Report;
  onResolve: (action: Resolution) => void;
}) {
  const { target } = report;
  const link = targetLink(report);
  const noun = TARGET_NOUNS[target.type];
  return (
    <article className={own.report} aria-label={`Report of a ${noun} by ${nameOf(target.author)}`}>
      <div className={styles.main}>
        <span className={styles.name}>
          {REPORT_REASON_LABELS[report.reason]} · {noun} by {nameOf(target.author)}
        </span>
        <blockquote className={own.excerpt}>{target.excerpt}</blockquote>
        {report.text && <span className={styles.text}>“{report.text}”</span>}
        <span className={styles.meta}>
          Reported by {nameOf(report.reporter)} ·{' '}
          <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
        </span>
        <div className={styles.badges}>
          <span className={report.status === 'open' ? styles.badgeAccent : styles.badge}>
            {STATUS_LABELS[report.status]}
          </span>
          {report.action && <span className={styles.badge}>{ACTION_LABELS[report.action]}</span>}
          {report.reportsCount > 1 && (
            <span className={styles.badgeAccent}>
              {report.reportsCount} open reports on this {noun}
            </span>
          )}
        </div>
        {report.resolvedAt && (
          <span className={styles.meta}>
            {STATUS_LABELS[report.status]} by {nameOf(report.resolvedBy)} ·{' '}
            <time dateTime={report.resolvedAt}>{formatDateTime(report.resolvedAt)}</time>
          </span>
        )}
        {report.note && <span className={styles.meta}>Note: {report.note}</span>}
        {link ? (
          <Link to={link.to} className={own.targetLink}>
            {link.label}
          </Link>
        ) : (
          <span className={styles.meta}>
            {target.type === 'message' ? REPORTS_TEXTS.privateMessage : `The ${noun} is gone.`}
          </span>
        )}
      </div>
      {report.status === 'open' && (
        <div className={own.actions}>
          {actionsFor(report).map(({ action, label }) => (
            <Button
              key={action}
              variant={action === 'remove' || action === 'suspend' ? 'danger' : 'secondary'}
              onClick={() => onResolve(action)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

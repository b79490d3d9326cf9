import { CountBadge } from '../../../components/count-badge';
import { useSession } from '../../../lib/session';
import { openReportsNoun } from '../reports-texts';

/** The reports waiting for an admin, beside the Reports tab; kept live by `reports:open`. */
export function OpenReportsBadge() {
  const { me } = useSession();
  const count = me?.openReports ?? 0;
  return <CountBadge count={count} noun={openReportsNoun(count)} />;
}

import { CountBadge } from '../../../components/count-badge';
import { useSession } from '../../../lib/session';

/** The reports waiting for an admin, beside the Reports tab; kept live by `reports:open`. */
export function OpenReportsBadge() {
  const { me } = useSession();
  return <CountBadge count={me?.openReports ?? 0} noun="open reports" />;
}

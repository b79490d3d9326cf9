import { Navigate, useSearchParams } from 'react-router';
import { Card } from '../../components/card';
import { tabPanelProps } from '../../components/tab-ids';
import { Tabs } from '../../components/tabs';
import { useSession } from '../../lib/session';
import { AuditPanel } from '../../features/admin/components/audit-panel';
import { CommentsPanel } from '../../features/admin/components/comments-panel';
import { MapsPanel } from '../../features/admin/components/maps-panel';
import { OpenReportsBadge } from '../../features/admin/components/open-reports-badge';
import { PostsPanel } from '../../features/admin/components/posts-panel';
import { SettingsPanel } from '../../features/admin/components/settings-panel';
import { ReportsPanel } from '../../features/admin/components/reports-panel';
import { UsersPanel } from '../../features/admin/components/users-panel';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { paths } from '../../lib/paths';
import { PageLoading } from './page-state';
import simple from './simple-page.module.css';
import styles from './tournament-page.module.css';

/** SPEC §2 tab names, and the Audit, Reports and Settings tabs beyond the spec. */
const TABS = [
  { id: 'users', label: 'Users' },
  { id: 'posts', label: 'Posts' },
  { id: 'comments', label: 'Comments' },
  { id: 'maps', label: 'Maps' },
  { id: 'audit', label: 'Audit' },
  { id: 'reports', label: 'Reports', badge: <OpenReportsBadge /> },
  { id: 'settings', label: 'Settings' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/** SPEC §2 /admin: admins only; anyone else is sent to / (the server refuses them anyway). */
export function AdminPage() {
  const { me, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'users';

  if (isLoading) return <PageLoading />;
  if (!me?.isAdmin) return <Navigate to={paths.welcome} replace />;

  const selectTab = (next: TabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'users') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <title>Admin Panel · DevPlay</title>
      <ThreeColumnLayout
        center={
          <>
            <header className={styles.header}>
              <h1 className={simple.title}>Admin Panel</h1>
            </header>
            <Tabs
              label="Admin Panel"
              items={TABS}
              selected={tab}
              onSelect={selectTab}
              idBase="admin"
            />
            <Card {...tabPanelProps('admin', tab)} className={styles.panel}>
              {tab === 'users' && <UsersPanel myId={me.id} />}
              {tab === 'posts' && <PostsPanel />}
              {tab === 'comments' && <CommentsPanel />}
              {tab === 'maps' && <MapsPanel />}
              {tab === 'audit' && <AuditPanel />}
              {tab === 'reports' && <ReportsPanel />}
              {tab === 'settings' && <SettingsPanel />}
            </Card>
          </>
        }
      />
    </>
  );
}

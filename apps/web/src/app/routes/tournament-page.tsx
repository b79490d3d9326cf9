import { useSearchParams } from 'react-router';
import { canEditBracket } from '@devplay/shared';
import { Card } from '../../components/card';
import { tabPanelProps } from '../../components/tab-ids';
import { Tabs } from '../../components/tabs';
import { useSession } from '../../lib/session';
import { useTournamentLive } from '../../features/tournament/api';
import { DrawPanel } from '../../features/tournament/components/draw-panel';
import { MatchDetailsPanel } from '../../features/tournament/components/match-details-panel';
import { ParticipantsPanel } from '../../features/tournament/components/participants-panel';
import { RulesPanel } from '../../features/tournament/components/rules-panel';
import { TournamentTable } from '../../features/tournament/components/tournament-table';
import { useDrawSession } from '../../features/tournament/use-draw';
import { searchUsers } from '../../features/users/api';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import simple from './simple-page.module.css';
import styles from './tournament-page.module.css';

/** SPEC §2 tab names, verbatim. */
const TABS = [
  { id: 'rules', label: 'Rules' },
  { id: 'participants', label: 'List of Participants' },
  { id: 'rondom', label: 'Rondom' },
  { id: 'table', label: 'Tournament Table' },
  { id: 'details', label: 'Match Details' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/** SPEC §2 /tournament: the 1v1 CS tournament in five tabs; the tab sits in ?tab=. */
export function TournamentPage() {
  const { me } = useSession();
  const canEdit = me ? canEditBracket(me) : false;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'rules';
  // Both live above the tabs: the draw survives a look at the bracket, and every tab stays live.
  useTournamentLive();
  const draw = useDrawSession();

  const selectTab = (next: TabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'rules') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <title>Tournament · DevPlay</title>
      <ThreeColumnLayout
        center={
          <>
            <header className={styles.header}>
              <h1 className={simple.title}>Tournament</h1>
              <p className={styles.subtitle}>1v1 Counter-Strike · 8 players · single elimination</p>
            </header>
            <Tabs
              label="Tournament"
              items={TABS}
              selected={tab}
              onSelect={selectTab}
              idBase="tournament"
            />
            <Card {...tabPanelProps('tournament', tab)} className={styles.panel}>
              {tab === 'rules' && <RulesPanel />}
              {tab === 'participants' && (
                <ParticipantsPanel canEdit={canEdit} search={searchUsers} />
              )}
              {tab === 'rondom' && <DrawPanel draw={draw} canEdit={canEdit} />}
              {tab === 'table' && <TournamentTable canEdit={canEdit} />}
              {tab === 'details' && <MatchDetailsPanel canEdit={canEdit} />}
            </Card>
          </>
        }
      />
    </>
  );
}

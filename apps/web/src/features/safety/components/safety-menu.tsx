import { handle } from '@devplay/shared';
import { Flag } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { UserSummary } from '@devplay/shared';
import {
  MemberActionsContext,
  type MemberActionsTarget,
} from '../../../components/member-actions-context';
import { MenuButton, type MenuItem } from '../../../components/menu-button';
import { useUnblock } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import { BlockDialog } from './block-dialog';
import { MuteDialog } from './mute-dialog';
import { ReportDialog, type ReportTarget } from './report-dialog';

type SafetyAction = 'mute' | 'block' | 'unblock' | 'report';

interface SafetyMenuProps {
  member: UserSummary;
  label: string;
  offer: readonly SafetyAction[];
  /** What Report is about; without it the menu offers no report. */
  report?: ReportTarget;
  blocked?: boolean;
}

const REPORT_LABELS: Record<ReportTarget['targetType'], (username: string) => string> = {
  post: () => SAFETY_TEXTS.reportPost,
  comment: () => SAFETY_TEXTS.reportComment,
  user: SAFETY_TEXTS.reportMember,
  message: SAFETY_TEXTS.reportMember,
};

/** A "more" menu with what one can do about a member; Block, Mute and Report ask first. */
export function SafetyMenu({ member, label, offer, report, blocked }: SafetyMenuProps) {
  const [asking, setAsking] = useState<'mute' | 'block' | 'report' | null>(null);
  const unblock = useUnblock();
  const { username } = member;
  const items: Record<SafetyAction, MenuItem> = {
    report: {
      label: report ? REPORT_LABELS[report.targetType](username) : '',
      onSelect: () => setAsking('report'),
    },
    mute: { label: SAFETY_TEXTS.mute(username), onSelect: () => setAsking('mute') },
    block: {
      label: SAFETY_TEXTS.block(username),
      onSelect: () => setAsking('block'),
      danger: true,
    },
    unblock: {
      label: `${SAFETY_TEXTS.unblock} ${handle(username)}`,
      onSelect: () => unblock.mutate(member),
    },
  };
  const close = () => setAsking(null);
  return (
    <>
      <MenuButton
        label={label}
        items={offer.filter((action) => action !== 'report' || report).map((a) => items[a])}
      />
      {/* Drawn only while asked: a feed holds many menus. */}
      {asking === 'mute' && <MuteDialog member={member} open onClose={close} />}
      {asking === 'block' && <BlockDialog member={member} open onClose={close} />}
      {asking === 'report' && report && (
        <ReportDialog target={report} member={member} blocked={blocked} onClose={close} />
      )}
    </>
  );
}

const LABELS: Record<
  Exclude<MemberActionsTarget['on'], 'message'>,
  (username: string) => string
> = {
  post: SAFETY_TEXTS.moreForPost,
  comment: SAFETY_TEXTS.moreForComment,
  chat: SAFETY_TEXTS.moreFor,
};

/** A received message's own button: reporting is all one does to a single message. */
function ReportMessageButton({
  member,
  report,
  label = '',
  blocked,
  className,
}: MemberActionsTarget) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={SAFETY_TEXTS.reportMessage(label)}
        onClick={() => setAsking(true)}
      >
        <Flag size={16} aria-hidden />
      </button>
      {asking && (
        <ReportDialog
          target={report}
          member={member}
          blocked={blocked}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

function MemberSafetyMenu(target: MemberActionsTarget) {
  const { member, on, report, blocked = false } = target;
  if (on === 'message') return <ReportMessageButton {...target} />;
  // Muting leaves messages alone (API.md Safety), so a chat offers only the block.
  let offer: SafetyAction[] = on === 'chat' ? ['block', 'report'] : ['mute', 'block', 'report'];
  if (blocked) offer = ['unblock', 'report'];
  return (
    <SafetyMenu
      member={member}
      label={LABELS[on](member.username)}
      offer={offer}
      report={report}
      blocked={blocked}
    />
  );
}

const renderSafetyMenu = (target: MemberActionsTarget) => <MemberSafetyMenu {...target} />;

/** Puts Block and Mute in the menus of the posts, comments and chats drawn inside it. */
export function SafetyActionsProvider({ children }: { children: ReactNode }) {
  return <MemberActionsContext value={renderSafetyMenu}>{children}</MemberActionsContext>;
}

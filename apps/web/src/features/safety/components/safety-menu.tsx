import { useState, type ReactNode } from 'react';
import type { UserSummary } from '@devplay/shared';
import {
  MemberActionsContext,
  type MemberActionsTarget,
} from '../../../components/member-actions-context';
import { MenuButton, type MenuItem } from '../../../components/menu-button';
import { handle } from '../../../lib/member-name';
import { useUnblock } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import { BlockDialog } from './block-dialog';
import { MuteDialog } from './mute-dialog';

type SafetyAction = 'mute' | 'block' | 'unblock';

interface SafetyMenuProps {
  member: UserSummary;
  label: string;
  offer: readonly SafetyAction[];
}

/** A "more" menu with what one can do about a member; Block and Mute ask first. */
export function SafetyMenu({ member, label, offer }: SafetyMenuProps) {
  const [asking, setAsking] = useState<'mute' | 'block' | null>(null);
  const unblock = useUnblock();
  const { username } = member;
  const items: Record<SafetyAction, MenuItem> = {
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
      <MenuButton label={label} items={offer.map((action) => items[action])} />
      {/* Drawn only while asked: a feed holds many menus. */}
      {asking === 'mute' && <MuteDialog member={member} open onClose={close} />}
      {asking === 'block' && <BlockDialog member={member} open onClose={close} />}
    </>
  );
}

const LABELS: Record<MemberActionsTarget['on'], (username: string) => string> = {
  post: SAFETY_TEXTS.moreForPost,
  comment: SAFETY_TEXTS.moreForComment,
  chat: SAFETY_TEXTS.moreFor,
};

function MemberSafetyMenu({ member, on, blocked = false }: MemberActionsTarget) {
  // Muting leaves messages alone (API.md Safety), so a chat offers only the block.
  let offer: SafetyAction[] = on === 'chat' ? ['block'] : ['mute', 'block'];
  if (blocked) offer = ['unblock'];
  return <SafetyMenu member={member} label={LABELS[on](member.username)} offer={offer} />;
}

const renderSafetyMenu = (target: MemberActionsTarget) => <MemberSafetyMenu {...target} />;

/** Puts Block and Mute in the menus of the posts, comments and chats drawn inside it. */
export function SafetyActionsProvider({ children }: { children: ReactNode }) {
  return <MemberActionsContext value={renderSafetyMenu}>{children}</MemberActionsContext>;
}

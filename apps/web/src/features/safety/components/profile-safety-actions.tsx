import { handle } from '@devplay/shared';
import { ShieldOff, Volume2 } from 'lucide-react';
import type { Profile, UserSummary } from '@devplay/shared';
import { Button } from '../../../components/button';
import { useUnblock, useUnmute } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import { SafetyMenu } from './safety-menu';

/** Named after the member, since Settings lists one per row. */
export function UnblockButton({ member }: { member: UserSummary }) {
  const unblock = useUnblock();
  return (
    <Button
      variant="secondary"
      loading={unblock.isPending}
      aria-label={`${SAFETY_TEXTS.unblock} ${handle(member.username)}`}
      onClick={() => unblock.mutate(member)}
    >
      {!unblock.isPending && <ShieldOff size={18} aria-hidden />}
      {SAFETY_TEXTS.unblock}
    </Button>
  );
}

export function UnmuteButton({ member }: { member: UserSummary }) {
  const unmute = useUnmute();
  return (
    <Button
      variant="secondary"
      loading={unmute.isPending}
      aria-label={`${SAFETY_TEXTS.unmute} ${handle(member.username)}`}
      onClick={() => unmute.mutate(member)}
    >
      {!unmute.isPending && <Volume2 size={18} aria-hidden />}
      {SAFETY_TEXTS.unmute}
    </Button>
  );
}

/**
 * A profile's own safety controls: Unblock while blocked; otherwise Unmute while muted, and the
 * menu with Mute, Block and Report.
 */
export function ProfileSafetyActions({ profile }: { profile: Profile }) {
  const report = { targetType: 'user', targetId: profile.id } as const;
  const menu = (offer: readonly ('mute' | 'block' | 'report')[]) => (
    <SafetyMenu
      member={profile}
      label={SAFETY_TEXTS.moreFor(profile.username)}
      offer={offer}
      report={report}
      blocked={profile.blocked}
    />
  );
  if (profile.blocked) {
    return (
      <>
        <UnblockButton member={profile} />
        {menu(['report'])}
      </>
    );
  }
  return (
    <>
      {profile.muted && <UnmuteButton member={profile} />}
      {menu(profile.muted ? ['block', 'report'] : ['mute', 'block', 'report'])}
    </>
  );
}

import type { UserSummary } from '@devplay/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useBlock } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';

interface BlockDialogProps {
  member: UserSummary;
  open: boolean;
  onClose: () => void;
}

/** Asked before a block: what it does to both, and that the other member is not told. */
export function BlockDialog({ member, open, onClose }: BlockDialogProps) {
  const block = useBlock();
  const finish = () => {
    block.reset();
    onClose();
  };
  const close = () => {
    if (!block.isPending) finish();
  };
  return (
    <ConfirmDialog
      open={open}
      title={SAFETY_TEXTS.blockTitle(member.username)}
      confirmLabel={SAFETY_TEXTS.blockAction}
      pending={block.isPending}
      error={block.error}
      onConfirm={() => block.mutate(member, { onSuccess: finish })}
      onClose={close}
    >
      <p>{SAFETY_TEXTS.blockLead}</p>
      <p>{SAFETY_TEXTS.blockQuiet}</p>
    </ConfirmDialog>
  );
}

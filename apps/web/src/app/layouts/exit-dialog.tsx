import { SHELL_MESSAGES } from '@devplay/shared';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useLogout } from '../../features/auth/api';
import { paths } from '../../lib/paths';

export function ExitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();

  const logOut = async () => {
    // The session is dropped locally either way (see useLogout), so a failed call still exits.
    await logout.mutateAsync().catch(() => undefined);
    // The header, and this dialog with it, unmount once the token is gone; the router does not.
    void navigate(paths.welcome, { replace: true });
  };

  return (
    <ConfirmDialog
      open={open}
      title={SHELL_MESSAGES.exitConfirm}
      confirmLabel="Log out"
      pending={logout.isPending}
      onConfirm={() => void logOut()}
      onClose={onClose}
    />
  );
}

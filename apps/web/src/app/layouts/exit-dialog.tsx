import { AUTH_MESSAGES } from '@devplay/shared';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { useLogout } from '../../features/auth/api';

export function ExitDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const navigate = useNavigate();

  const logOut = async () => {
    // The session is dropped locally either way (see useLogout), so a failed call still exits.
    await logout.mutateAsync().catch(() => undefined);
    // The header, and this dialog with it, unmount once the token is gone; the router does not.
    void navigate('/', { replace: true });
  };

  return (
    <Modal
      open={open}
      title={AUTH_MESSAGES.exitConfirm}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={logout.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void logOut()} loading={logout.isPending}>
            Log out
          </Button>
        </>
      }
    />
  );
}

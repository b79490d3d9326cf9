import { PROFILE_MESSAGES } from '@devplay/shared';
import { useSession } from '../../lib/session';
import { ChangePasswordForm } from '../../features/users/components/change-password-form';
import { DataExportCard } from '../../features/data-export/components/data-export-card';
import { DeleteAccountCard } from '../../features/users/components/delete-account-card';
import { EditProfileForm } from '../../features/users/components/edit-profile-form';
import { NotificationSettingsCard } from '../../features/notifications/components/notification-settings-card';
import { PushSettingsCard } from '../../features/push/components/push-settings-card';
import { PrivacyCard } from '../../features/safety/components/privacy-card';
import { SafetyListCard } from '../../features/safety/components/safety-list-card';
import { DevicesCard } from '../../features/security/components/devices-card';
import { SecurityCard } from '../../features/security/components/security-card';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { ThemeCard } from './theme-card';
import styles from './simple-page.module.css';

/**
 * SPEC §2 /settings: edit profile, change password, delete account; and the second factor, the
 * signed-in devices, who may reach the member, which notifications, whom they block or mute, the
 * device's theme, and the archive of their data.
 */
export function SettingsPage() {
  const { me, isLoading } = useSession();

  let content;
  if (isLoading) content = <PageLoading />;
  else if (!me) content = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  else {
    content = (
      <>
        {/* Keyed by id: a fresh form per member, never one member's values under another. */}
        <EditProfileForm key={me.id} me={me} />
        <ChangePasswordForm />
        <SecurityCard security={me.security} />
        <DevicesCard />
        <PrivacyCard privacy={me.privacy} />
        <NotificationSettingsCard />
        <PushSettingsCard />
        <SafetyListCard kind="blocks" />
        <SafetyListCard kind="mutes" />
        <ThemeCard />
        <DataExportCard email={me.email} />
        <DeleteAccountCard username={me.username} />
      </>
    );
  }

  return (
    <>
      <title>Settings · DevPlay</title>
      <ThreeColumnLayout
        center={
          <div className={styles.narrow}>
            <h1 className={styles.title}>Settings</h1>
            {content}
          </div>
        }
      />
    </>
  );
}

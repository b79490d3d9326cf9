import { LockKeyhole } from 'lucide-react';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** SPEC §2 /reset-password. */
export function ResetPasswordPage() {
  return (
    <AuthCard
      icon={LockKeyhole}
      title="Set a new password"
      description="Enter the code from the e-mail and choose a new password."
    >
      <ResetPasswordForm />
    </AuthCard>
  );
}

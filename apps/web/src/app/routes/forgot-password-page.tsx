import { KeyRound } from 'lucide-react';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** SPEC §2 /forgot-password. */
export function ForgotPasswordPage() {
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot password"
      description="Enter the e-mail you signed up with and we will send you a code to set a new password."
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}

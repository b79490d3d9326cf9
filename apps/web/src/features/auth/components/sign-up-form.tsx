import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, type SignUpInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { storeEmail } from '../../../lib/stored-email';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSignUp } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { EmailField } from './auth-fields';
import styles from './auth-form.module.css';
import { paths } from '../../../lib/paths';

const FIELDS = ['email', 'username', 'password', 'confirm_password'] as const;
const TEXTS = { server: AUTH_MESSAGES.signUpError, network: AUTH_MESSAGES.networkError };
// This form is on the first paint of '/': zod arrives once the visitor starts using it.
const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.signUpResolver));

export function SignUpForm({ idPrefix = 'signup' }: { idPrefix?: string }) {
  const signUp = useSignUp();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm<SignUpInput, unknown, SignUpInput>({
    resolver: validation.resolver,
    defaultValues: { email: '', username: '', password: '', confirm_password: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });

  const onSubmit = submit(async (values) => {
    // The account exists either way; the answer says whether its code's mail went out.
    const { message } = await signUp.mutateAsync(values);
    // SPEC §4: the e-mail waits in storage for /confirm_email.
    storeEmail('verification', values.email);
    toast.show(message, message === AUTH_MESSAGES.signUpSuccess ? 'success' : 'info');
    void navigate(paths.confirmEmail);
  });

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      onFocus={validation.prefetch}
      noValidate
      aria-label="Sign up"
    >
      <EmailField id={`${idPrefix}-email`} error={errors.email?.message} {...register('email')} />
      <TextField
        id={`${idPrefix}-username`}
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errors.username?.message}
        {...register('username')}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className={styles.actions}>
        <Button type="submit" size="lg" block loading={busy}>
          Sign up
        </Button>
      </div>
    </form>
  );
}

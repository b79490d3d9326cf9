import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS, PROFILE_MESSAGES, type Me, type updateProfileInputSchema } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextareaField, TextField } from '../../../components/text-field';
import { formProblem } from '../../../lib/error-message';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdateProfile } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { AvatarPicker } from './avatar-picker';
import styles from './settings-card.module.css';

type FormInput = z.input<typeof updateProfileInputSchema>;
type FormOutput = z.output<typeof updateProfileInputSchema>;
const FIELDS = ['username', 'fullName', 'age', 'bio'] as const;
const TEXTS = {
  server: PROFILE_MESSAGES.errorUpdatingProfile,
  network: PROFILE_MESSAGES.errorUpdatingProfile,
};

const rules = lazyResolver<FormInput, FormOutput>(() =>
  import('../settings-form-rules').then((module) => module.profileResolver),
);

const valuesOf = (me: Me): FormInput => ({
  username: me.username,
  fullName: me.fullName,
  age: me.age ?? '',
  bio: me.bio,
});

/** SPEC §5 profile edit: all four fields required, age positive; avatar optional (§9 limits). */
export function EditProfileForm({ me }: { me: Me }) {
  const headingId = useId();
  const update = useUpdateProfile();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: rules.resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(me),
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { submit, busy, notice, setNotice } = useFormSubmit(form, {
    // The avatar is no react-hook-form field: its refusal goes to the picker instead.
    problem: (error) => {
      const problem = formProblem(error, [...FIELDS, 'avatar'] as const, TEXTS);
      if ('banner' in problem) return problem;
      if (problem.field !== 'avatar') return { field: problem.field, message: problem.message };
      setAvatarError(problem.message);
      return null;
    },
  });

  const onSubmit = submit(async (values) => {
    if (avatarError) return;
    const saved = await update.mutateAsync({ ...values, avatar });
    reset(valuesOf(saved));
    setAvatar(null);
    return { tone: 'success', text: PROFILE_MESSAGES.profileUpdated };
  });

  return (
    <Card aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          Edit profile
        </h2>
        <p className={styles.lead}>How other members see you.</p>
      </div>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        // The rules download as soon as the member starts editing, not on the first check.
        onFocus={rules.prefetch}
        // 'Profile updated successfully' belongs to the save it followed: the next edit retires it.
        onChange={() => notice?.tone === 'success' && setNotice(null)}
        noValidate
        aria-labelledby={headingId}
      >
        <AvatarPicker
          current={me.avatar}
          file={avatar}
          onChange={setAvatar}
          error={avatarError}
          onError={setAvatarError}
        />
        <div className={styles.row}>
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Full name"
            autoComplete="name"
            required
            error={errors.fullName?.message}
            {...register('fullName')}
          />
        </div>
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={1}
          max={LIMITS.ageMax}
          step={1}
          required
          className={styles.age}
          error={errors.age?.message}
          {...register('age')}
        />
        <TextareaField
          label="Bio"
          rows={4}
          maxLength={LIMITS.bioMax}
          required
          error={errors.bio?.message}
          {...register('bio')}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" loading={busy}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

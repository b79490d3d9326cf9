import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  createPostInputSchema,
  LIMITS,
  POST_MESSAGES,
  TIMINGS,
  type CreatePostInput,
} from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { TextareaField, TextField } from '../../../components/text-field';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSession } from '../../../lib/session';
import { uploadImage } from '../../../lib/upload-image';
import { usePublishPost } from '../api';
import { postProblem, UploadError } from '../publish-error';
import { useCooldown } from '../use-cooldown';
import { ImagePicker } from './image-picker';
import styles from './new-post-form.module.css';

type PostOutput = z.output<typeof createPostInputSchema>;

const EMPTY: CreatePostInput = { title: '', description: '', image: null, video: '' };

export function NewPostForm() {
  const { isSignedIn } = useSession();
  const publish = usePublishPost();
  const cooldown = useCooldown(TIMINGS.postCooldownMs);
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // A picture uploaded by an attempt that then failed is reused, not uploaded twice.
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);

  const form = useForm<CreatePostInput, unknown, PostOutput>({
    resolver: zodResolver(createPostInputSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    control,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = form;
  const { submit, busy, notice, setNotice } = useFormSubmit(form, {
    problem: (error) => {
      const problem = postProblem(error);
      // A picture the server refused is uploaded afresh next time, not reused.
      if ('field' in problem && problem.field === 'image') setUploaded(null);
      return problem;
    },
  });
  // The form value `image` holds the preview's object URL, so the shared schema's rule
  // 'an image or a YouTube link' checks the picture the member has chosen.
  const { field: imageField } = useController({ control, name: 'image' });
  const previewUrl = imageField.value ?? null;
  const description = useWatch({ control, name: 'description' });

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const setImage = (next: File | null) => {
    setFile(next);
    imageField.onChange(next ? URL.createObjectURL(next) : null);
    clearErrors('image');
  };

  const uploadChosen = async (picked: File): Promise<string> => {
    if (uploaded?.file === picked) return uploaded.url;
    setProgress(0);
    try {
      const url = await uploadImage(picked, setProgress);
      setUploaded({ file: picked, url });
      return url;
    } catch (error) {
      throw new UploadError(error);
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = submit(async (values) => {
    if (!isSignedIn) return { tone: 'error', text: POST_MESSAGES.authorizationRequired };
    // SPEC §4: every attempt that reaches the server, whatever its outcome, starts the 15 s wait.
    try {
      const image = file ? await uploadChosen(file) : null;
      await publish.mutateAsync({ ...values, image });
    } finally {
      cooldown.start();
    }
    setUploaded(null);
    setFile(null);
    reset(EMPTY);
    return { tone: 'success', text: POST_MESSAGES.published };
  });

  const waiting = cooldown.secondsLeft > 0;
  const label = waiting
    ? `Wait ${cooldown.secondsLeft}s`
    : busy
      ? POST_MESSAGES.publishing
      : POST_MESSAGES.publish;

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Create a post
      </h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        // The success note belongs to the post just sent; writing the next one retires it.
        onChange={() => notice?.tone === 'success' && setNotice(null)}
        noValidate
      >
        <TextField
          label="Title"
          autoComplete="off"
          required
          error={errors.title?.message}
          {...register('title')}
        />
        <TextareaField
          label="Description"
          rows={4}
          required
          counter={{ length: description.length, max: LIMITS.postDescriptionMax }}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="YouTube link (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.youtube.com/watch?v=..."
          error={errors.video?.message}
          {...register('video')}
        />
        <ImagePicker
          previewUrl={previewUrl}
          onPick={setImage}
          // A refused pick leaves any earlier, valid picture in place.
          onReject={(message) => setError('image', { type: 'file', message })}
          onRemove={() => setImage(null)}
          error={errors.image?.message}
          progress={progress}
          disabled={busy}
          inputRef={imageField.ref}
        />
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={waiting} loading={busy}>
            {label}
          </Button>
        </div>
      </form>
    </Card>
  );
}

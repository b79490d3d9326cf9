import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
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
import { TextField } from '../../../components/text-field';
import { useSession } from '../../auth/api';
import { uploadImage, usePublishPost } from '../api';
import { publishProblem, uploadProblem, type PublishProblem } from '../publish-error';
import { useCooldown } from '../use-cooldown';
import { ImagePicker } from './image-picker';
import { TextareaField } from '../../../components/textarea-field';
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
  const [banner, setBanner] = useState<string | null>(null);
  const [published, setPublished] = useState(false);
  // A picture uploaded by an attempt that then failed is reused, not uploaded twice.
  const uploaded = useRef<{ file: File; url: string } | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreatePostInput, unknown, PostOutput>({
    resolver: zodResolver(createPostInputSchema),
    defaultValues: EMPTY,
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

  const show = (problem: PublishProblem) => {
    if ('banner' in problem) setBanner(problem.banner);
    else setError(problem.field, { type: 'server', message: problem.message });
  };

  const uploadChosen = async (picked: File): Promise<string> => {
    if (uploaded.current?.file === picked) return uploaded.current.url;
    setProgress(0);
    try {
      const url = await uploadImage(picked, setProgress);
      uploaded.current = { file: picked, url };
      return url;
    } finally {
      setProgress(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    setPublished(false);
    if (!isSignedIn) {
      setBanner(POST_MESSAGES.authorizationRequired);
      return;
    }
    // SPEC §4: every attempt that reaches the server, whatever its outcome, starts the 15 s wait.
    try {
      let image: string | null = null;
      if (file) {
        try {
          image = await uploadChosen(file);
        } catch (error) {
          show(uploadProblem(error));
          return;
        }
      }
      try {
        await publish.mutateAsync({ ...values, image });
      } catch (error) {
        const problem = publishProblem(error);
        if ('field' in problem && problem.field === 'image') uploaded.current = null;
        show(problem);
        return;
      }
      uploaded.current = null;
      setFile(null);
      reset(EMPTY);
      setPublished(true);
    } finally {
      cooldown.start();
    }
  });

  const waiting = cooldown.secondsLeft > 0;
  const label = waiting
    ? `Wait ${cooldown.secondsLeft}s`
    : isSubmitting
      ? POST_MESSAGES.publishing
      : POST_MESSAGES.publish;

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Create a post
      </h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        // The success note belongs to the post just sent; writing the next one retires it.
        onChange={() => setPublished(false)}
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
          disabled={isSubmitting}
          inputRef={imageField.ref}
        />
        {banner && <Alert tone="error">{banner}</Alert>}
        {published && <Alert tone="success">{POST_MESSAGES.published}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" disabled={waiting} loading={isSubmitting}>
            {label}
          </Button>
        </div>
      </form>
    </section>
  );
}

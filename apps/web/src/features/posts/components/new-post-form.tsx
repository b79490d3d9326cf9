import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { POST_MESSAGES, TIMINGS, type CreatePostInput } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/text-field';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useSession } from '../../../lib/session';
import { usePublishPost } from '../api';
import { postProblem, serverCooldownMs } from '../publish-error';
import { postRules as rules, type PostOutput } from '../post-rules';
import { useCooldown } from '../use-cooldown';
import { useDraftTitle } from '../use-draft-title';
import { usePostImage } from '../use-post-image';
import { DescriptionField } from './description-field';
import { ImageAltField } from './image-alt-field';
import { ImagePicker } from './image-picker';
import styles from './new-post-form.module.css';

const EMPTY: CreatePostInput = { title: '', description: '', image: null, video: '', imageAlt: '' };

interface NewPostFormProps {
  /**
   * Home: one line until the member goes to write, so the feed comes first. The
   * profile's New Post tab, chosen on purpose, shows the whole form.
   */
  collapsible?: boolean;
  /** Home's stand-in's title, begun while this code loaded (use-draft-title.ts). */
  draft?: RefObject<string>;
}

export function NewPostForm({ collapsible = false, draft }: NewPostFormProps) {
  const { me, isSignedIn } = useSession();
  const publish = usePublishPost();
  const cooldown = useCooldown(TIMINGS.postCooldownMs);
  const headingId = useId();
  const [open, setOpen] = useState(!collapsible);
  const [discarding, setDiscarding] = useState(false);
  const titleRef = useRef<HTMLInputElement | null>(null);
  // Focus handed back to the one-line field on closing must not open it again.
  const quietFocus = useRef(false);

  const form = useForm<CreatePostInput, unknown, PostOutput>({
    resolver: rules.resolver,
    defaultValues: EMPTY,
  });
  const {
    register,
    control,
    setError,
    setValue,
    clearErrors,
    reset,
    formState: { errors },
  } = form;
  // The form value `image` holds the preview's object URL, so the shared schema's rule
  // 'an image or a YouTube link' checks the picture the member has chosen.
  const { field: imageField } = useController({ control, name: 'image' });
  const image = usePostImage((previewUrl) => {
    imageField.onChange(previewUrl);
    clearErrors('image');
  });
  const { submit, busy, notice, setNotice } = useFormSubmit(form, {
    problem: (error) => {
      const problem = postProblem(error);
      if ('field' in problem && problem.field === 'image') image.forgetUpload();
      return problem;
    },
  });
  const [title, description, video, imageAlt] = useWatch({
    control,
    name: ['title', 'description', 'video', 'imageAlt'],
  });
  const isEmpty = !title.trim() && !description.trim() && !video?.trim() && !image.file;

  useDraftTitle(draft, setValue, titleRef);

  const expand = () => {
    if (open) return;
    setOpen(true);
    // The rules download while the member writes, not when they press Publish.
    rules.prefetch();
  };
  const collapse = () => {
    setOpen(false);
    setNotice(null);
    clearErrors();
    if (titleRef.current && document.activeElement !== titleRef.current) {
      quietFocus.current = true;
      titleRef.current.focus();
    }
  };
  const discard = () => {
    setDiscarding(false);
    reset(EMPTY);
    image.choose(null);
    image.forgetUpload();
    collapse();
  };

  const publishValid = submit(async (values) => {
    if (!isSignedIn) return { tone: 'error', text: POST_MESSAGES.authorizationRequired };
    const uploaded = await image.upload();
    try {
      await publish.mutateAsync({ ...values, image: uploaded, imageAlt: values.imageAlt });
    } catch (error) {
      // An earlier post still holding the wait: the button counts what is left of that one.
      const left = serverCooldownMs(error);
      if (left !== null) cooldown.start(left);
      throw error;
    }
    // Counted again from the moment the post exists, as the server counts it.
    cooldown.start();
    image.forgetUpload();
    image.choose(null);
    reset(EMPTY);
    return { tone: 'success', text: POST_MESSAGES.published };
  });

  // SPEC §4: the 15 s wait follows each submit attempt, one the form refuses included.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    cooldown.start();
    return publishValid(event);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes an empty composer; a draft stays open so no text is lost to a stray key.
    if (event.key !== 'Escape' || !collapsible || !open || !isEmpty) return;
    event.preventDefault();
    collapse();
  };

  const waiting = cooldown.secondsLeft > 0;
  // The wait starts with the attempt; while that attempt runs, the button says so.
  const label = busy
    ? POST_MESSAGES.publishing
    : waiting
      ? `Wait ${cooldown.secondsLeft}s`
      : POST_MESSAGES.publish;
  const titleField = register('title', { onChange: expand });

  return (
    <Card aria-labelledby={headingId} className={open ? undefined : styles.collapsed}>
      <h2 id={headingId} className={open ? styles.heading : 'visually-hidden'}>
        Create a post
      </h2>
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        // The success note belongs to the post just sent; writing the next one retires it.
        onChange={() => notice?.tone === 'success' && setNotice(null)}
        noValidate
      >
        <div className={styles.titleRow}>
          {!open && <Avatar src={me?.avatar} alt="" />}
          <TextField
            label="Title"
            className={open ? undefined : styles.oneLine}
            placeholder={open ? undefined : "What's new?"}
            autoComplete="off"
            required
            error={errors.title?.message}
            onFocus={() => {
              if (quietFocus.current) quietFocus.current = false;
              else expand();
            }}
            // Clicking the field that Escape closed (focus stayed in it) opens it again.
            onClick={expand}
            {...titleField}
            ref={(element) => {
              titleField.ref(element);
              titleRef.current = element;
            }}
          />
        </div>
        {open && (
          <>
            <DescriptionField form={form} length={description.length} />
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
              previewUrl={image.previewUrl}
              onPick={image.choose}
              // A refused pick leaves any earlier, valid picture in place.
              onReject={(message) => setError('image', { type: 'file', message })}
              onRemove={() => image.choose(null)}
              error={errors.image?.message}
              progress={image.progress}
              disabled={busy}
              inputRef={imageField.ref}
            />
            {image.previewUrl && (
              <ImageAltField
                length={imageAlt?.length ?? 0}
                error={errors.imageAlt?.message}
                {...register('imageAlt')}
              />
            )}
            {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
            <div className={styles.actions}>
              {collapsible && (
                <Button
                  variant="secondary"
                  disabled={busy}
                  onClick={() => (isEmpty ? collapse() : setDiscarding(true))}
                >
                  Cancel
                </Button>
              )}
              <Button type="submit" disabled={waiting} loading={busy}>
                {label}
              </Button>
            </div>
          </>
        )}
      </form>
      <ConfirmDialog
        open={discarding}
        title="Discard this post?"
        confirmLabel="Discard"
        pending={false}
        onConfirm={discard}
        onClose={() => setDiscarding(false)}
      >
        <p>What you have written will be lost.</p>
      </ConfirmDialog>
    </Card>
  );
}

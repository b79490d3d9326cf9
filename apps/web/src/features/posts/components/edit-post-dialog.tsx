import { useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { POST_MESSAGES, type CreatePostInput, type Post } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useScrollEdges } from '../../../components/use-scroll-edges';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { resolveAssetUrl } from '../../../lib/asset-url';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useEditPost } from '../edit-api';
import { postProblem } from '../publish-error';
import { postRules, type PostOutput } from '../post-rules';
import { usePostImage } from '../use-post-image';
import { DescriptionField } from './description-field';
import { ImageAltField } from './image-alt-field';
import { ImagePicker } from './image-picker';
import styles from './edit-post-dialog.module.css';

interface EditPostDialogProps {
  post: Post;
  onClose: () => void;
}

/**
 * The author rewrites a post: the fields and rules of publishing, the picture kept, replaced or
 * removed. Mounted only while open, so each opening starts from the post as it now reads.
 */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useScrollEdges(formRef, 'y');
  const toast = useToast();
  const edit = useEditPost();
  // The picture already on the server, until the member replaces or removes it.
  const [stored, setStored] = useState(post.image);
  const form = useForm<CreatePostInput, unknown, PostOutput>({
    resolver: postRules.resolver,
    defaultValues: {
      title: post.title,
      description: post.description,
      image: post.image,
      video: post.video ?? '',
      imageAlt: post.imageAlt ?? '',
    },
  });
  const { register, control, setError, clearErrors, formState } = form;
  const { field: imageField } = useController({ control, name: 'image' });
  const image = usePostImage((previewUrl) => {
    imageField.onChange(previewUrl);
    clearErrors('image');
  });
  const { submit, busy, notice } = useFormSubmit(form, {
    problem: (error) => {
      const problem = postProblem(error);
      if ('field' in problem && problem.field === 'image') image.forgetUpload();
      return problem;
    },
  });
  const [description, imageAlt] = useWatch({ control, name: ['description', 'imageAlt'] });
  const previewUrl = image.previewUrl ?? (stored ? (resolveAssetUrl(stored) ?? stored) : null);

  const onSubmit = submit(async (values) => {
    const picture = (await image.upload()) ?? stored;
    await edit.mutateAsync({
      postId: post.id,
      body: {
        title: values.title,
        description: values.description,
        video: values.video,
        image: picture,
        imageAlt: picture ? values.imageAlt : null,
      },
    });
    onClose();
    toast.show(POST_MESSAGES.updated, 'success');
  });

  return (
    <Modal
      open
      title="Edit post"
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            Save
          </Button>
        </>
      }
    >
      <form ref={formRef} id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <TextField
          label="Title"
          autoComplete="off"
          required
          error={formState.errors.title?.message}
          {...register('title')}
        />
        <DescriptionField form={form} length={description.length} />
        <TextField
          label="YouTube link (optional)"
          type="url"
          inputMode="url"
          autoComplete="off"
          error={formState.errors.video?.message}
          {...register('video')}
        />
        <ImagePicker
          previewUrl={previewUrl}
          onPick={image.choose}
          onReject={(message) => setError('image', { type: 'file', message })}
          onRemove={() => {
            setStored(null);
            image.choose(null);
          }}
          error={formState.errors.image?.message}
          progress={image.progress}
          disabled={busy}
          inputRef={imageField.ref}
        />
        {previewUrl && (
          <ImageAltField
            length={imageAlt?.length ?? 0}
            error={formState.errors.imageAlt?.message}
            {...register('imageAlt')}
          />
        )}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      </form>
    </Modal>
  );
}

import { Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { TOURNAMENT_LIMITS, type createMapInputSchema, type GameMap } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { TextareaField, TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useAdminMaps, useCreateMap, useDeleteMap } from '../api';
import { lazyResolver } from '../../../lib/lazy-resolver';
import styles from './admin.module.css';

type MapInput = z.input<typeof createMapInputSchema>;
type MapOutput = z.output<typeof createMapInputSchema>;

const FIELDS = ['name', 'description'] as const;
const TEXTS = { server: 'Error adding the map', network: 'Network error' };
const LOAD_ERROR = 'Error loading maps';
const validation = lazyResolver(() => import('../map-resolver').then((m) => m.mapResolver));

function AddMapForm() {
  const create = useCreateMap();
  const toast = useToast();
  // The form is not on the page's first paint, so its rules load as soon as it shows.
  useEffect(() => validation.prefetch(), []);
  const form = useForm<MapInput, unknown, MapOutput>({
    resolver: validation.resolver,
    mode: 'onTouched',
    defaultValues: { name: '', description: '' },
  });
  const {
    register,
    reset,
    control,
    formState: { errors },
  } = form;
  const { submit, busy, notice } = useFormSubmit(form, { fields: FIELDS, texts: TEXTS });
  const description = useWatch({ control, name: 'description' }) ?? '';

  const onSubmit = submit(async (values) => {
    const map = await create.mutateAsync(values);
    reset();
    toast.show(`${map.name} added to the map pool`, 'success');
  });

  return (
    <form className={styles.mapForm} onSubmit={onSubmit} noValidate aria-label="Add a map">
      <TextField
        label="Map name"
        error={errors.name?.message}
        maxLength={TOURNAMENT_LIMITS.mapNameMax}
        {...register('name')}
      />
      <TextareaField
        label="Description"
        rows={2}
        error={errors.description?.message}
        counter={{ length: description.length, max: TOURNAMENT_LIMITS.mapDescriptionMax }}
        {...register('description')}
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div>
        <Button type="submit" loading={busy}>
          Add map
        </Button>
      </div>
    </form>
  );
}

/** Maps tab: the tournament's map pool; add (names unique) and delete (refused while in use). */
export function MapsPanel() {
  const headingId = useId();
  const maps = useAdminMaps();
  const remove = useDeleteMap();
  const toast = useToast();
  const [target, setTarget] = useState<GameMap | null>(null);

  const close = () => {
    setTarget(null);
    remove.reset();
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        toast.show(answer.message, 'success');
        close();
      },
    });
  };

  return (
    <div className={styles.panel}>
      <AddMapForm />
      <h2 id={headingId} className={styles.subheading}>
        Map pool
      </h2>
      {maps.isPending && (
        <div aria-hidden="true">
          <SkeletonRow className={styles.skeletonRow} />
        </div>
      )}
      {maps.isError && <RetryAlert text={LOAD_ERROR} onRetry={() => void maps.refetch()} />}
      {maps.isSuccess && maps.data.length === 0 && <p className={styles.empty}>No maps yet.</p>}
      {maps.isSuccess && maps.data.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {maps.data.map((map) => (
            <li key={map.id} className={styles.row}>
              <div className={styles.main}>
                <span className={styles.name}>{map.name}</span>
                {map.description && <span className={styles.meta}>{map.description}</span>}
              </div>
              <Button
                variant="secondary"
                size="sm"
                iconOnly
                aria-label={`Delete map ${map.name}`}
                title={`Delete map ${map.name}`}
                onClick={() => setTarget(map)}
              >
                <Trash2 size={16} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={target !== null}
        title={`Delete ${target?.name ?? 'the map'}?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
        onClose={close}
      >
        It leaves the tournament's map pool. A map chosen for a match cannot go until it is removed
        from that match.
      </ConfirmDialog>
    </div>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { buttonClassName } from '../../../components/button-styles';
import { FormField } from '../../../components/form-field';
import { checkImageFile } from '../../../lib/image-file';
import styles from './avatar-picker.module.css';

interface AvatarPickerProps {
  current: string | null;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  onError: (message: string | undefined) => void;
}

export function AvatarPicker({ current, file, onChange, error, onError }: AvatarPickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  // Object URLs pin the file in memory until revoked: one at a time, none after unmount.
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const pickedRef = useRef(picked);
  useEffect(
    () => () => {
      if (pickedRef.current) URL.revokeObjectURL(pickedRef.current.url);
    },
    [],
  );
  // The form clears `file` after a save; the preview goes with it.
  const preview = picked && picked.file === file ? picked.url : null;

  const pick = (chosen: File | undefined) => {
    // The same file can be chosen again after a fix or a removal.
    if (inputRef.current) inputRef.current.value = '';
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    onError(problem);
    if (problem) return onChange(null);
    if (pickedRef.current) URL.revokeObjectURL(pickedRef.current.url);
    const next = { file: chosen, url: URL.createObjectURL(chosen) };
    pickedRef.current = next;
    setPicked(next);
    onChange(chosen);
  };

  return (
    <div className={styles.picker}>
      <Avatar src={preview ?? current} alt="" size="lg" className={styles.preview} />
      <FormField
        label="Avatar"
        error={error}
        // The error replaces the hint: both would be read as one long description.
        hint={error ? undefined : (file?.name ?? 'Any image up to 5 MB.')}
        className={styles.controls}
      >
        {(control, labelId) => (
          <div className={styles.buttons}>
            <label className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              <ImagePlus size={16} aria-hidden />
              {file ? 'Choose another' : 'Choose image'}
              <input
                {...control}
                ref={inputRef}
                type="file"
                accept="image/*"
                className="visually-hidden"
                // Named by the field's label alone, not also by the button wrapped around it.
                aria-labelledby={labelId}
                onChange={(event) => pick(event.target.files?.[0])}
              />
            </label>
            {file && (
              <button
                type="button"
                className={buttonClassName({ variant: 'ghost', size: 'sm' })}
                onClick={() => onChange(null)}
              >
                <X size={16} aria-hidden />
                Keep current
              </button>
            )}
          </div>
        )}
      </FormField>
    </div>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useId, type ChangeEvent, type Ref } from 'react';
import { FieldError } from '../../../components/form-field';
import { checkImageFile } from '../../../lib/image-file';
import styles from './image-picker.module.css';

interface ImagePickerProps {
  /** Object URL of the chosen file, for the preview. */
  previewUrl: string | null;
  onPick: (file: File) => void;
  /** A file the browser may not send: wrong type or too large (SPEC §5). */
  onReject: (message: string) => void;
  onRemove: () => void;
  error?: string;
  /** 0..1 while the picture is uploading. */
  progress: number | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function ImagePicker({
  previewUrl,
  onPick,
  onReject,
  onRemove,
  error,
  progress,
  disabled,
  inputRef,
}: ImagePickerProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Emptied so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) onReject(problem);
    else onPick(file);
  };

  return (
    <div className={styles.picker}>
      {previewUrl && (
        <div className={styles.preview}>
          <img src={previewUrl} alt="Preview of the chosen image" className={styles.image} />
          <button
            type="button"
            className={styles.remove}
            onClick={onRemove}
            disabled={disabled}
            aria-label="Remove image"
            title="Remove image"
          >
            <X size={18} aria-hidden />
          </button>
        </div>
      )}
      {progress !== null && (
        <div className={styles.progressRow}>
          <progress
            className={styles.progress}
            max={100}
            value={Math.round(progress * 100)}
            aria-label="Uploading image"
          />
          <span className={styles.percent} aria-hidden="true">
            {Math.round(progress * 100)}%
          </span>
        </div>
      )}
      <div className={styles.row}>
        <label
          htmlFor={inputId}
          className={[styles.pick, disabled && styles.pickDisabled].filter(Boolean).join(' ')}
        >
          <ImagePlus size={18} aria-hidden />
          {previewUrl ? 'Change image' : 'Add image'}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          className={`visually-hidden ${styles.input}`}
          onChange={onChange}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
        />
        <span id={hintId} className={styles.hint}>
          Any image type, up to 5 MB
        </span>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

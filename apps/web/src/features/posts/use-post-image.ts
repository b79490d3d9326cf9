import { useEffect, useState } from 'react';
import { uploadImage } from '../../lib/upload-image';
import { UploadError } from './publish-error';

/**
 * The picture of a post being written: the chosen file, its upload progress, and the URL of
 * an upload that succeeded before the publish failed, so a retry does not upload it twice.
 */
export function usePostImage(onChange: (previewUrl: string | null) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<{ file: File; url: string } | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const choose = (next: File | null) => {
    const url = next ? URL.createObjectURL(next) : null;
    setFile(next);
    setPreviewUrl(url);
    onChange(url);
  };

  /** The chosen picture's URL on the server, uploading it unless this very file already is. */
  const upload = async (): Promise<string | null> => {
    if (!file) return null;
    if (uploaded?.file === file) return uploaded.url;
    setProgress(0);
    try {
      const url = await uploadImage(file, setProgress);
      setUploaded({ file, url });
      return url;
    } catch (error) {
      throw new UploadError(error);
    } finally {
      setProgress(null);
    }
  };

  return {
    file,
    previewUrl,
    progress,
    choose,
    upload,
    /** A picture the server refused is uploaded afresh next time, not reused. */
    forgetUpload: () => setUploaded(null),
  };
}

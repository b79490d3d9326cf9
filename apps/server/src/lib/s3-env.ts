import type { S3Options } from './s3-bucket';

/** The S3_* variables as config.ts's schema reads them. */
type S3Env = {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PUBLIC_URL?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
};

/**
 * S3 is on when S3_BUCKET is set; then its other settings must make sense together. `refuse`
 * receives what does not, by variable.
 */
export function s3Options(
  e: S3Env,
  refuse: (variable: string, message: string) => void,
): S3Options | undefined {
  if (!e.S3_BUCKET) return undefined;
  if (!e.S3_PUBLIC_URL) {
    refuse(
      'S3_PUBLIC_URL',
      "required with S3_BUCKET: the address the bucket's images are served from",
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    refuse(
      e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK's default credentials)",
    );
  }
  return {
    bucket: e.S3_BUCKET,
    publicUrl: (e.S3_PUBLIC_URL ?? '').replace(/\/+$/, ''),
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type PutObjectCommandInput,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

/** Where uploads go when S3_BUCKET is set (config.ts reads it from the S3_* variables). */
export type S3Options = {
  bucket: string;
  /** The base the bucket's objects are served from, without a trailing slash. */
  publicUrl: string;
  /** An S3-compatible server (MinIO, R2, …); undefined: AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`, as MinIO and most self-hosted want. */
  forcePathStyle: boolean;
  /** Undefined: the SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** S3 deletes at most this many keys a request. */
const DELETE_BATCH = 1000;

/** A failure of the bucket, said with what S3 answered: the operator's clue. */
export class BucketError extends Error {
  override name = 'BucketError';
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && error.name === 'NoSuchKey';

function bucketError(bucket: string, doing: string, error: unknown) {
  const reason =
    error instanceof S3ServiceException
      ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}): ${error.message}`
      : error instanceof Error
        ? error.message
        : String(error);
  return new BucketError(`S3 bucket ${bucket}: ${doing} failed: ${reason}`, { cause: error });
}

/**
 * The one way the server's store and the backup scripts reach the bucket. Objects are named as
 * the files under DATA_DIR/uploads were, so a backup moves between the two unchanged.
 */
export function openBucket(options: S3Options) {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 demands them (DeleteObjects): several S3-compatible servers
    // refuse the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const attempt = async <T>(doing: string, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      throw bucketError(bucket, doing, error);
    }
  };

  const putObject = (name: string, object: Omit<PutObjectCommandInput, 'Bucket' | 'Key'>) =>
    attempt(`storing ${name}`, async () => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, ...object }));
    });
  const get = (name: string) =>
    client
      .send(new GetObjectCommand({ Bucket: bucket, Key: name }))
      .catch((error: unknown) => (isMissing(error) ? null : Promise.reject(error)));

  return {
    bucket,
    /**
     * An image under its server-made name. It never changes, but it can be deleted or moderated
     * away: as from the disk store, caches keep it and ask each time (a 304 by its ETag), so a
     * removed image is gone everywhere at once.
     */
    put: (name: string, data: Buffer) =>
      putObject(name, { Body: data, ContentType: 'image/webp', CacheControl: 'public, no-cache' }),
    /** A member's archive, streamed from a file of `bytes`; only the server hands it out. */
    putArchive: (name: string, body: Readable, bytes: number) =>
      putObject(name, {
        Body: body,
        ContentLength: bytes,
        ContentType: 'application/zip',
        CacheControl: 'private, no-store',
      }),
    /** An object's bytes; null when there is no such object. */
    read: (name: string) =>
      attempt(`reading ${name}`, async () => {
        const answer = await get(name);
        return answer ? Buffer.from(await answer.Body!.transformToByteArray()) : null;
      }),
    /** An object as a stream, with its size; null when there is no such object. */
    open: (name: string) =>
      attempt(`reading ${name}`, async () => {
        const answer = await get(name);
        return answer && { body: answer.Body as Readable, bytes: answer.ContentLength ?? 0 };
      }),
    /** Every object's name, a page (up to 1000) at a time. */
    async *names(): AsyncGenerator<string> {
      let token: string | undefined;
      do {
        const page = await attempt('listing', () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    /** Deletes in batches; throws once all were tried if any could not be deleted. */
    async removeMany(names: string[]) {
      const failed: string[] = [];
      for (let start = 0; start < names.length; start += DELETE_BATCH) {
        const batch = names.slice(start, start + DELETE_BATCH);
        const answer = await attempt(`deleting ${batch.length} object(s)`, () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        ).catch((error: unknown) => {
          failed.push(error instanceof Error ? error.message : String(error));
          return null;
        });
        for (const refused of answer?.Errors ?? []) {
          failed.push(`${refused.Key}: ${refused.Code ?? 'error'} ${refused.Message ?? ''}`);
        }
      }
      if (failed.length) {
        throw new BucketError(`S3 bucket ${bucket}: not deleted: ${failed.slice(0, 5).join('; ')}`);
      }
    },
    close: () => client.destroy(),
  };
}
export type Bucket = ReturnType<typeof openBucket>;

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const EMPTY = {
  S3_ENDPOINT: '',
  S3_BUCKET: '',
  S3_REGION: '',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
  S3_PUBLIC_URL: '',
  S3_FORCE_PATH_STYLE: '',
};

describe('the S3 settings', () => {
  it("are off while S3_BUCKET is unset, as .env.example's empty lines leave it", () => {
    expect(loadConfig(EMPTY).s3).toBeUndefined();
  });

  it('take the defaults: us-east-1, virtual-hosted style, the SDK credential chain', () => {
    const s3 = loadConfig({ S3_BUCKET: 'images', S3_PUBLIC_URL: 'https://cdn.example.org/i/' }).s3;
    expect(s3).toEqual({
      bucket: 'images',
      publicUrl: 'https://cdn.example.org/i',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('name the variable at fault', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig({ ...EMPTY, S3_BUCKET: 'images', ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({})).toMatch(/S3_PUBLIC_URL: required with S3_BUCKET/);
    expect(refusal({ S3_PUBLIC_URL: 'ftp://files.example.org' })).toMatch(
      /S3_PUBLIC_URL: S3_PUBLIC_URL must be an http/,
    );
    expect(refusal({ S3_PUBLIC_URL: 'https://x.org', S3_ACCESS_KEY_ID: 'key' })).toMatch(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(refusal({ S3_BUCKET: 'a/b', S3_PUBLIC_URL: 'https://x.org' })).toMatch(/S3_BUCKET:/);
    expect(refusal({ S3_PUBLIC_URL: 'https://x.org', S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(
      /S3_FORCE_PATH_STYLE:/,
    );
  });
});

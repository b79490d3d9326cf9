import { useState } from 'react';
import { avatarUrl, DEFAULT_AVATAR_URL } from '../lib/asset-url';
import styles from './avatar.module.css';

interface AvatarProps {
  src: string | null | undefined;
  /** Empty when the name is already written next to the picture. */
  alt: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const PIXELS = { sm: 32, md: 40, lg: 64 } as const;

export function Avatar({ src, alt, size = 'md', className }: AvatarProps) {
  const resolved = avatarUrl(src);
  // A broken upload falls back to the default picture instead of a broken-image icon.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      src={failedSrc === resolved ? DEFAULT_AVATAR_URL : resolved}
      alt={alt}
      width={PIXELS[size]}
      height={PIXELS[size]}
      className={[styles.avatar, styles[size], className].filter(Boolean).join(' ')}
      onError={() => setFailedSrc(resolved)}
      decoding="async"
    />
  );
}

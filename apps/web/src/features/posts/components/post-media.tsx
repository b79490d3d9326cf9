import { toYouTubeEmbed } from '@devplay/shared';
import { useState, type CSSProperties } from 'react';
import { resolveAssetUrl } from '../../../lib/asset-url';
import styles from './post-media.module.css';

interface PostMediaProps {
  image: string | null;
  video: string | null;
  title: string;
}

const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;

export function PostMedia({ image, video, title }: PostMediaProps) {
  const imageUrl = resolveAssetUrl(image);
  return (
    <>
      {imageUrl && <PostImage url={imageUrl} title={title} />}
      {video && <PostVideo link={video} title={title} />}
    </>
  );
}

/**
 * A fixed-ratio frame (the API gives no dimensions), so the feed never jumps while pictures
 * load. Once loaded, the same picture, blurred, fills the bars around odd shapes; waiting for
 * the load keeps that background from defeating the lazy loading.
 */
function PostImage({ url, title }: { url: string; title: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div
      className={styles.imageFrame}
      style={loaded ? ({ '--backdrop': cssUrl(url) } as CSSProperties) : undefined}
    >
      <img
        className={styles.image}
        src={url}
        alt={`Image for ${title}`}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
      />
    </div>
  );
}

function PostVideo({ link, title }: { link: string; title: string }) {
  // SPEC §4: YouTube links play in a frame, other videos in a player. The frame's address is
  // rebuilt from the video id, so nothing but youtube.com can ever end up framed.
  const embed = toYouTubeEmbed(link);
  const url = embed ?? resolveAssetUrl(link);
  if (!url) return null;
  return (
    <div className={styles.videoFrame}>
      {embed ? (
        <iframe
          className={styles.player}
          src={embed}
          title={`YouTube video: ${title}`}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <video className={styles.player} src={url} controls preload="metadata" playsInline>
          <a href={url} target="_blank" rel="noreferrer">
            Open the video
          </a>
        </video>
      )}
    </div>
  );
}

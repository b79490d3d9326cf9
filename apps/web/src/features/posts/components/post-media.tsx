import { toYouTubeEmbed } from '@devplay/shared';
import { resolveAssetUrl } from '../../../lib/asset-url';
import { PostImage } from './post-image';
import styles from './post-media.module.css';

interface PostMediaProps {
  image: string | null;
  video: string | null;
  title: string;
  /** The author's description of the picture; without one, the post's title names it. */
  imageAlt?: string | null;
  /** Load the picture first and at once: it is the feed's first (see PostImage). */
  priority?: boolean;
}

export function PostMedia({
  image,
  video,
  title,
  imageAlt = null,
  priority = false,
}: PostMediaProps) {
  return (
    <>
      {image && (
        <PostImage url={image} alt={imageAlt ?? `Image for ${title}`} priority={priority} />
      )}
      {video && <PostVideo link={video} title={title} />}
    </>
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

/**
 * SPEC §4: watch, short and embed links with an 11-character id become embed addresses. Any
 * other link (another site, a YouTube page that is not a video) is not a video the post can show.
 */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function youTubeId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = url.pathname.split('/')[1];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, kind, value] = url.pathname.split('/');
    if (kind === 'watch') id = url.searchParams.get('v');
    else if (kind === 'embed' || kind === 'shorts' || kind === 'live') id = value;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export function toYouTubeEmbed(link: string): string | null {
  const id = youTubeId(link);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

/** Whether a post's video link is one of the YouTube forms above. */
export const isYouTubeLink = (link: string) => youTubeId(link) !== null;

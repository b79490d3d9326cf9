import { DATA_EXPORT } from '@devplay/shared';

/** The "Your data" card's words (Settings). The server's refusals are shown as it words them. */
export const DATA_EXPORT_TEXTS = {
  title: 'Your data',
  lead:
    'Download an archive of what you have on DevPlay: your profile and settings, posts, ' +
    'comments, likes, follows, messages, transactions, leave days and the images you uploaded.',
  terms: `It is made in the background and kept for ${DATA_EXPORT.keptDays} days. You can make one a day.`,
  start: 'Download my data',
  making: 'We are making your archive…',
  mailWillCome: (email: string) =>
    `We will e-mail you at ${email} when it is ready. You can leave this page meanwhile.`,
  readyUntil: (date: string) => `Your archive is ready until ${date}.`,
  download: 'Download',
  makeNew: 'Make a new archive',
  loadError: 'Could not load your archive.',
} as const;

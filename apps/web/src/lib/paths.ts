import { PAGE_LINKS, PAGE_PATHS } from '@devplay/shared';

/**
 * Every page's address, drawn from the list the server also answers 200 for, so a link, the
 * route it opens and the server's status cannot drift apart. A leaf module: anything may import it.
 */
export const paths = {
  ...PAGE_PATHS,
  ...PAGE_LINKS,
} as const;

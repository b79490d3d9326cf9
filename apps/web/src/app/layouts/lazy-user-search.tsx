import { Suspense, type ComponentProps } from 'react';
import styles from './lazy-user-search.module.css';
import { lazyNamed } from '../../lib/lazy-named';

// The search is not needed for the first paint, so its code loads in a chunk of its own.
const UserSearch = lazyNamed(
  () => import('../../features/users/components/user-search'),
  'UserSearch',
);

/** The header search box; a box of the same size holds its place while the code loads. */
export function LazyUserSearch(props: ComponentProps<typeof UserSearch>) {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
      <UserSearch {...props} />
    </Suspense>
  );
}

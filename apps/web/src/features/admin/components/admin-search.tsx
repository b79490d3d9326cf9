import { useState } from 'react';
import { TextField } from '../../../components/text-field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import styles from './admin.module.css';

/** Long enough that typing a word asks the server once. */
const SEARCH_DELAY_MS = 300;

/** A tab's search box: what is typed, and the trimmed text to ask for once typing pauses. */
export function useAdminSearch(label: string) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const field = (
    <TextField
      label={label}
      type="search"
      value={search}
      onChange={(event) => setSearch(event.target.value)}
      autoComplete="off"
      className={styles.search}
    />
  );
  return { query, field };
}

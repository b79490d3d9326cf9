import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabId, tabPanelId } from './tab-ids';
import { useStripScroll } from './use-strip-scroll';
import styles from './tabs.module.css';

interface TabItem<T extends string> {
  id: T;
  label: string;
  /** Beside the label: a live count of what waits there. */
  badge?: ReactNode;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** Prefix of the tab and panel ids, unique on the page. */
  idBase: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move and select, and only the
 * selected tab is in the Tab order. Wider than the screen, the strip scrolls the selected tab
 * into view and fades the ends that have more.
 */
export function Tabs<T extends string>({ label, items, selected, onSelect, idBase }: TabsProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  useStripScroll(listRef, '[aria-selected="true"]');

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const target = next === undefined ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    listRef.current?.ownerDocument.getElementById(tabId(idBase, target.id))?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      className={styles.list}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={tabId(idBase, item.id)}
            aria-selected={isSelected}
            aria-controls={tabPanelId(idBase, item.id)}
            tabIndex={isSelected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
            {item.badge}
          </button>
        );
      })}
    </div>
  );
}

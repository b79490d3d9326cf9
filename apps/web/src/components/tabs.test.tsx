import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './tabs';

const ITEMS = [
  { id: 'rules', label: 'Rules' },
  { id: 'list', label: 'List of Participants' },
  { id: 'draw', label: 'Rondom' },
  { id: 'table', label: 'Tournament Table' },
  { id: 'details', label: 'Match Details' },
] as const;
type Id = (typeof ITEMS)[number]['id'];

/** A phone's strip: 378 px wide, five tabs of 150 px side by side (jsdom lays nothing out). */
const TAB_WIDTH = 150;
const STRIP_WIDTH = 378;
const scrolled = new WeakMap<Element, number>();

function layOut() {
  const isTab = (el: Element) => el.getAttribute('role') === 'tab';
  const tabIndex = (el: Element) => [...(el.parentElement?.children ?? [])].indexOf(el);
  const stub = (name: string, get: (el: HTMLElement) => number) =>
    vi.spyOn(HTMLElement.prototype, name as 'offsetLeft', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return get(this);
    });
  stub('offsetLeft', (el) => (isTab(el) ? tabIndex(el) * TAB_WIDTH : 0));
  stub('offsetWidth', (el) => (isTab(el) ? TAB_WIDTH : STRIP_WIDTH));
  stub('clientWidth', () => STRIP_WIDTH);
  stub('scrollWidth', (el) => (isTab(el) ? TAB_WIDTH : ITEMS.length * TAB_WIDTH));
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return scrolled.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(function (
    this: Element,
    value: number,
  ) {
    scrolled.set(this, value);
  });
}

function Strip({ initial }: { initial: Id }) {
  const [selected, setSelected] = useState<Id>(initial);
  return (
    <Tabs label="Tournament" items={ITEMS} selected={selected} onSelect={setSelected} idBase="t" />
  );
}

const visible = (strip: HTMLElement, tab: HTMLElement) => {
  const left = strip.scrollLeft;
  return tab.offsetLeft >= left && tab.offsetLeft + tab.offsetWidth <= left + strip.clientWidth;
};

describe('a tab strip wider than the screen', () => {
  beforeEach(layOut);
  afterEach(() => vi.restoreAllMocks());

  it('scrolls the selected tab into view and fades the ends that have more', () => {
    render(<Strip initial="table" />);
    const strip = screen.getByRole('tablist');
    const selected = screen.getByRole('tab', { selected: true });

    expect(selected).toHaveTextContent('Tournament Table');
    expect(visible(strip, selected)).toBe(true);
    expect(strip).toHaveAttribute('data-more', 'both');
  });

  it('shows only the far end fading at the start, and follows the keyboard to the last tab', async () => {
    const user = userEvent.setup();
    render(<Strip initial="rules" />);
    const strip = screen.getByRole('tablist');
    expect(strip.scrollLeft).toBe(0);
    expect(strip).toHaveAttribute('data-more', 'end');

    screen.getByRole('tab', { name: 'Rules' }).focus();
    await user.keyboard('{End}');
    const last = screen.getByRole('tab', { name: 'Match Details' });
    expect(last).toHaveAttribute('aria-selected', 'true');
    expect(visible(strip, last)).toBe(true);
    expect(strip).toHaveAttribute('data-more', 'start');
  });
});

import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TOP_RETURN_DELAY_MS, ScrollToTop } from './scroll-to-top';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

type Rect = [x: number, y: number, width: number, height: number];

/** Where the button sits on a 390 × 844 phone: 16 px from the right and the bottom. */
const PHONE_CORNER: Rect = [326, 780, 48, 48];

/** Lays an element out where a phone would (jsdom lays nothing out). */
function placeAt(element: Element, x: number, y: number, width: number, height: number) {
  element.getBoundingClientRect = () => new DOMRect(x, y, width, height);
}

/** The browser's hit test over that layout, topmost (last in the document) first. */
document.elementsFromPoint = (x, y) =>
  [...document.querySelectorAll('*')].reverse().filter((element) => {
    const rect = element.getBoundingClientRect();
    return x >= rect.left && x < rect.right && y >= rect.top && y < rect.bottom;
  });

describe('ScrollToTop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    scrollTo(0);
  });

  it('appears past 300 px of scrolling (SPEC §2)', () => {
    render(<ScrollToTop />);
    scrollTo(300);
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    scrollTo(301);
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });

  it('steps aside while a field has the focus, so it never covers a Send button', () => {
    render(
      <>
        <textarea aria-label="Comment" />
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    const field = screen.getByRole('textbox', { name: 'Comment' });

    act(() => field.focus());
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();

    // Tapping Send blurs the field first: the button must not appear under that tap.
    act(() => field.blur());
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(SCROLL_TOP_RETURN_DELAY_MS));
    expect(screen.getByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });

  it("steps aside while one of the page's controls is under it, and comes back after", () => {
    render(
      <main tabIndex={-1}>
        <button type="button">Subscribe</button>
        <ScrollToTop />
      </main>,
    );
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    // The whole page (the main element, focusable from a skip link) is not a control.
    placeAt(document.querySelector('main')!, 0, 0, 390, 5000);
    scrollTo(800);
    const button = screen.getByRole('button', { name: 'Scroll to top' });
    placeAt(button, ...PHONE_CORNER);
    placeAt(subscribe, 200, 700, 100, 40);
    scrollTo(850);
    expect(button).not.toHaveAttribute('data-covering');

    placeAt(subscribe, 300, 760, 100, 40);
    scrollTo(900);
    expect(button).toHaveAttribute('data-covering');

    placeAt(subscribe, 300, 840, 100, 40);
    scrollTo(1000);
    expect(button).not.toHaveAttribute('data-covering');
  });

  it('looks again when the content under it moves without a scroll (an image loading above)', () => {
    let contentMoved = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe(target: Element) {
          if (target === document.body) contentMoved = this.callback;
        }
        disconnect() {}
      },
    );
    render(
      <>
        <a href="/post/1">Read more</a>
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    const button = screen.getByRole('button', { name: 'Scroll to top' });
    const link = screen.getByRole('link', { name: 'Read more' });
    placeAt(button, ...PHONE_CORNER);
    placeAt(link, 16, 700, 100, 24);
    scrollTo(850);
    expect(button).not.toHaveAttribute('data-covering');

    placeAt(link, 16, 790, 358, 24);
    act(() => contentMoved());
    expect(button).toHaveAttribute('data-covering');
  });

  it.each<[string, ReactElement, Rect]>([
    [
      'a video frame, full-screen control in its corner',
      <iframe title="YouTube video" />,
      [0, 600, 390, 219],
    ],
    [
      'an image button taller than the screen',
      <button type="button">View full size</button>,
      [16, 300, 358, 700],
    ],
    ['a news card link', <a href="https://news.example/1">Headline</a>, [16, 650, 358, 300]],
    [
      'a link smaller than the gap between any probe points',
      <a href="/user/ana">@ana</a>,
      [340, 790, 8, 8],
    ],
    ['a video', <video controls />, [0, 700, 390, 219]],
    ['an element made a button', <div role="button">Open</div>, [360, 820, 20, 20]],
    ['an element in the Tab order', <div tabIndex={0}>Log</div>, [0, 0, 390, 844]],
  ])('never covers %s', (_name, control, rect) => {
    render(
      <>
        <div data-testid="control">{control}</div>
        <ScrollToTop />
      </>,
    );
    scrollTo(800);
    const button = screen.getByRole('button', { name: 'Scroll to top' });
    placeAt(button, ...PHONE_CORNER);
    placeAt(screen.getByTestId('control').firstElementChild!, ...rect);
    scrollTo(900);
    expect(button).toHaveAttribute('data-covering');
  });
});

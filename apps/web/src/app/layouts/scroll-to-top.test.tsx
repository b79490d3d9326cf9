import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_TOP_RETURN_DELAY_MS, ScrollToTop } from './scroll-to-top';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollToTop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
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
      <>
        <button type="button">Subscribe</button>
        <p>Text</p>
        <ScrollToTop />
      </>,
    );
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    const text = screen.getByText('Text');
    let under: Element[] = [text];
    document.elementsFromPoint = () => under;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(326, 780, 48, 48),
    );

    scrollTo(800);
    const button = screen.getByRole('button', { name: 'Scroll to top' });
    expect(button).not.toHaveAttribute('data-covering');

    under = [subscribe, document.body];
    scrollTo(900);
    expect(button).toHaveAttribute('data-covering');

    under = [text, document.body];
    scrollTo(1000);
    expect(button).not.toHaveAttribute('data-covering');
  });
});

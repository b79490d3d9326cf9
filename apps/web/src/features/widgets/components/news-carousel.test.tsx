import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WIDGET_LIMITS, WIDGET_MESSAGES, type NewsItem } from '@devplay/shared';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { NewsCarousel } from './news-carousel';

const fetchMock = stubFetch({ signedIn: true });
const STEP = WIDGET_LIMITS.newsCarouselMs;

const items: NewsItem[] = Array.from({ length: 3 }, (_, index) => ({
  title: `Headline ${index + 1}`,
  link: `https://news.example/${index + 1}`,
  image_url: index === 0 ? 'https://img.example/1.jpg' : null,
}));

const serve = (answer: () => Response) => routeFetch(fetchMock, { 'GET /api/news': answer });
const position = () => screen.getByText(/^\d+ \/ \d+$/);
const headline = () => screen.getByRole('link');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('NewsCarousel', () => {
  it('shows an item as a link opening in a new tab, and its position', async () => {
    serve(() => jsonResponse({ body: { items } }));
    renderWithApp(<NewsCarousel />);

    const link = await screen.findByRole('link', { name: /Headline 1/ });
    expect(link).toHaveAttribute('href', 'https://news.example/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(position()).toHaveTextContent('1 / 3');
  });

  it('advances every 10 s, and wraps round after the last', async () => {
    serve(() => jsonResponse({ body: { items } }));
    renderWithApp(<NewsCarousel />);
    await screen.findByRole('link', { name: /Headline 1/ });

    advance(STEP - 1_000);
    expect(headline()).toHaveTextContent('Headline 1');
    advance(1_000);
    expect(headline()).toHaveTextContent('Headline 2');
    expect(position()).toHaveTextContent('2 / 3');
    advance(STEP);
    advance(STEP);
    expect(headline()).toHaveTextContent('Headline 1');
  });

  it('waits while pointed at or focused, and goes on after', async () => {
    serve(() => jsonResponse({ body: { items } }));
    renderWithApp(<NewsCarousel />);
    const link = await screen.findByRole('link', { name: /Headline 1/ });
    const carousel = link.closest('div[aria-live]')?.parentElement as HTMLElement;

    fireEvent.mouseEnter(carousel);
    advance(STEP * 3);
    expect(headline()).toHaveTextContent('Headline 1');
    fireEvent.mouseLeave(carousel);

    act(() => link.focus());
    advance(STEP * 3);
    expect(headline()).toHaveTextContent('Headline 1');
    act(() => link.blur());

    advance(STEP);
    expect(headline()).toHaveTextContent('Headline 2');
  });

  it('waits while the tab is hidden', async () => {
    serve(() => jsonResponse({ body: { items } }));
    renderWithApp(<NewsCarousel />);
    await screen.findByRole('link', { name: /Headline 1/ });

    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    advance(STEP * 3);
    expect(headline()).toHaveTextContent('Headline 1');

    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    advance(STEP);
    expect(headline()).toHaveTextContent('Headline 2');
  });

  it('steps with Previous and Next, and a step restarts the 10 s', async () => {
    serve(() => jsonResponse({ body: { items } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<NewsCarousel />);
    await screen.findByRole('link', { name: /Headline 1/ });

    await user.click(screen.getByRole('button', { name: 'Previous news' }));
    expect(position()).toHaveTextContent('3 / 3');
    await user.click(screen.getByRole('button', { name: 'Next news' }));
    expect(position()).toHaveTextContent('1 / 3');
    // The pointer left the buttons: the carousel runs again.
    await user.unhover(screen.getByRole('button', { name: 'Next news' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());

    advance(STEP - 1_000);
    expect(position()).toHaveTextContent('1 / 3');
    advance(1_000);
    expect(position()).toHaveTextContent('2 / 3');
  });

  it('shows a neutral placeholder for an item without an image', async () => {
    serve(() => jsonResponse({ body: { items: [items[1]] } }));
    const { container } = renderWithApp(<NewsCarousel />);

    await screen.findByRole('link', { name: /Headline 2/ });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.queryByText(/\d+ \/ \d+/)).not.toBeInTheDocument();
  });

  it(`says '${WIDGET_MESSAGES.noNews}' when there is none`, async () => {
    serve(() => jsonResponse({ body: { items: [] } }));
    renderWithApp(<NewsCarousel />);

    expect(await screen.findByText(WIDGET_MESSAGES.noNews)).toBeInTheDocument();
  });

  it(`says '${WIDGET_MESSAGES.newsFailed}' when the server fails`, async () => {
    serve(() => jsonResponse({ status: 502, body: { message: 'upstream said no' } }));
    renderWithApp(<NewsCarousel />);

    expect(await screen.findByText(WIDGET_MESSAGES.newsFailed)).toBeInTheDocument();
    expect(screen.queryByText('upstream said no')).not.toBeInTheDocument();
  });
});

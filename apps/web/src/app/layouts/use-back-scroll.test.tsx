import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBackScroll } from './use-back-scroll';

function Shell() {
  useBackScroll();
  return <Outlet />;
}

/** A window whose scrollY follows scrollTo, as jsdom's does not. */
function fakeScrolling() {
  const scrollTo = vi.fn((_x: number, y: number) => setScrollY(y));
  vi.stubGlobal('scrollTo', scrollTo);
  return scrollTo;
}

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
}

function scrollBy(y: number) {
  act(() => {
    setScrollY(y);
    window.dispatchEvent(new Event('scroll'));
  });
}

function renderRoutes() {
  const router = createMemoryRouter(
    [
      {
        Component: Shell,
        children: [
          { path: '/home_page', element: <p>Feed</p> },
          { path: '/post/:id', element: <p>Post</p> },
        ],
      },
    ],
    { initialEntries: ['/home_page'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setScrollY(0);
});

describe('useBackScroll', () => {
  it('Back returns to where the reader was, and holds it while the page grows', async () => {
    const scrollTo = fakeScrolling();
    const router = renderRoutes();
    scrollBy(4200);

    await act(() => router.navigate('/post/7'));
    scrollBy(0);
    scrollTo.mockClear();

    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 4200);
    // The page was still too short: the browser kept it lower; the next frame tries again.
    setScrollY(1800);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(window.scrollY).toBe(4200);
  });

  it('gives up the moment the reader scrolls by themselves', async () => {
    const scrollTo = fakeScrolling();
    const router = renderRoutes();
    scrollBy(4200);
    await act(() => router.navigate('/post/7'));
    await act(() => router.navigate(-1));

    act(() => {
      window.dispatchEvent(new Event('wheel'));
    });
    scrollTo.mockClear();
    setScrollY(300);
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a new page (a link, not Back) alone', async () => {
    const scrollTo = fakeScrolling();
    const router = renderRoutes();
    scrollBy(4200);
    await act(() => router.navigate('/post/7'));
    scrollTo.mockClear();
    await act(() => router.navigate('/home_page'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

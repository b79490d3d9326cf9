import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, makePost, makeUser } from '../../test/factories';
import { routeFetch, stubFetch } from '../../test/fetch-mock';
import { fakeMatchMedia } from '../../test/match-media';
import { jsonResponse, renderWithApp } from '../../test/render';
import { HomePage } from './home-page';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const posts = [1, 2, 3, 4, 5].map((id) => makePost({ id, title: `Post ${id}` }));

function openHome({ phone }: { phone: boolean }) {
  fakeMatchMedia(phone);
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/posts': () => jsonResponse({ body: { items: posts, nextCursor: null } }),
    'GET /api/users': () => jsonResponse({ body: [makeUser(2, { username: 'bob' })] }),
    'GET /api/weather': () =>
      jsonResponse({
        body: {
          ...{ city: 'Paris', country: 'FR', temperature: 12, humidity: 70 },
          ...{ description: 'clear sky', main: 'Clear', isDefault: false },
        },
      }),
    'GET /api/news': () =>
      jsonResponse({
        body: { items: [{ title: 'Headline', link: 'https://n.test/1', image_url: null }] },
      }),
  });
  return renderWithApp(<HomePage />, { path: '/home_page' });
}

/** Whether `a` comes before `b` in the page. */
const before = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('the home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone reads as SPEC lists it: users to follow, the composer, the feed', async () => {
    openHome({ phone: true });
    const people = await screen.findByRole('heading', { name: 'Users to follow' });
    const firstPost = await screen.findByRole('heading', { name: 'Post 1' });
    const composer = screen.getByRole('heading', { name: 'Create a post' });
    expect(before(people, composer)).toBe(true);
    expect(before(composer, firstPost)).toBe(true);
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });

  it('on a phone puts the weather and the news after the third post, not under the feed', async () => {
    openHome({ phone: true });
    const news = await screen.findByText('Headline');
    const weather = screen.getByRole('heading', { name: 'Weather' });
    const third = screen.getByRole('heading', { name: 'Post 3' });
    const fourth = screen.getByRole('heading', { name: 'Post 4' });
    for (const widget of [weather, news]) {
      expect(before(third, widget)).toBe(true);
      expect(before(widget, fourth)).toBe(true);
    }
  });

  it('on a desktop starts the side menu at the top, as on every page, the mini-profile below it', async () => {
    openHome({ phone: false });
    const profile = await screen.findByRole('region', { name: 'Your profile' });
    expect(before(screen.getByRole('navigation', { name: 'Main' }), profile)).toBe(true);
  });

  it('on a desktop keeps users to follow, the weather and the news beside the feed', async () => {
    openHome({ phone: false });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(await screen.findByText('Headline')).toBeInTheDocument();
    expect(sidebar).toContainElement(screen.getByText('Headline'));
    expect(sidebar).toContainElement(screen.getByRole('heading', { name: 'Users to follow' }));
    expect(sidebar).toContainElement(screen.getByRole('heading', { name: 'Weather' }));
  });
});

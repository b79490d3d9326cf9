import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { SideMenu } from './side-menu';

const fetchMock = stubFetch({ signedIn: true });

async function menuLinks(me = makeMe()) {
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: me })));
  const { queryClient } = renderWithApp(<SideMenu />, { path: '/home_page' });
  queryClient.setQueryData(sessionKeys.me(), me);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav).getAllByRole('link');
}

describe('SideMenu', () => {
  it("lists the pages in SPEC's words, Settings left to the account menu", async () => {
    const links = await menuLinks();
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'My posts',
      'Subscribers',
      'Subscriptions',
      'Messages',
      'Notifications',
      'Calendar',
      'Tournament',
      'Transactions',
    ]);
  });

  it('adds Admin Panel for admins and the unread counts beside Messages and Notifications', async () => {
    const me = makeMe({ isAdmin: true, unreadMessages: 4, unreadNotifications: 7 });
    const links = await menuLinks(me);
    expect(links.at(-1)).toHaveTextContent('Admin Panel');
    expect(links.at(-1)).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: /Messages.*4 unread/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Notifications.*7 unread/ })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('counts the open reports beside Admin Panel', async () => {
    await menuLinks(makeMe({ isAdmin: true, openReports: 2 }));
    expect(screen.getByRole('link', { name: /Admin Panel.*2 open reports/ })).toHaveAttribute(
      'href',
      '/admin',
    );
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test/factories';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { fakeMatchMedia } from '../../../test/match-media';
import { UsersToFollow } from './users-to-follow';

const fetchMock = stubFetch({ signedIn: true });
const people = [
  makeUser(2, { username: 'bob', fullName: 'Bob Builder' }),
  makeUser(3, { username: 'cy', fullName: '  ' }),
];

describe('users to follow', () => {
  it('shows each person by full name and @username, with the action the page gives', async () => {
    routeFetch(fetchMock, { 'GET /api/users': () => jsonResponse({ body: people }) });
    renderWithApp(
      <UsersToFollow
        placement="center"
        renderAction={(user) => <button type="button">Subscribe to {user.username}</button>}
      />,
    );

    const strip = await screen.findByRole('list');
    const [bob, cy] = within(strip).getAllByRole('listitem');
    expect(within(bob!).getByRole('link', { name: /^Bob Builder\s*@bob$/ })).toHaveAttribute(
      'href',
      '/user/bob',
    );
    expect(within(bob!).getByRole('button', { name: 'Subscribe to bob' })).toBeInTheDocument();
    // A blank full name falls back to the username, as everywhere else.
    expect(within(cy!).getByRole('link', { name: /^cy\s*@cy$/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
  });

  describe('while the list is on its way', () => {
    afterEach(() => vi.unstubAllGlobals());
    const neverAnswered = () =>
      routeFetch(fetchMock, { 'GET /api/users': () => new Promise<Response>(() => {}) });

    it('keeps its room beside the page', async () => {
      fakeMatchMedia(false);
      neverAnswered();
      renderWithApp(<UsersToFollow placement="aside" />);
      expect(await screen.findByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
    });

    it('keeps the room of the phone strip at the top of the page', async () => {
      fakeMatchMedia(true);
      neverAnswered();
      renderWithApp(<UsersToFollow placement="center" />);
      expect(await screen.findByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
      expect(screen.getByText('Loading...')).toBeInTheDocument();
    });

    it('draws nothing in the aside on a phone, where the page would push it down', async () => {
      fakeMatchMedia(true);
      neverAnswered();
      // The strip beside it, on the same pending list, shows when both have rendered.
      renderWithApp(
        <>
          <UsersToFollow placement="center" />
          <UsersToFollow placement="aside" />
        </>,
      );
      expect(await screen.findByText('Loading...')).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { name: 'Users to follow' })).toHaveLength(1);
    });
  });

  it('keeps the phone strip, saying why it is empty, so the page under it does not jump', async () => {
    routeFetch(fetchMock, { 'GET /api/users': () => jsonResponse({ body: [] }) });
    renderWithApp(<UsersToFollow placement="center" />);

    expect(await screen.findByText('You follow everyone here for now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('keeps the column card too, saying why, with a way to the people followed', async () => {
    routeFetch(fetchMock, { 'GET /api/users': () => jsonResponse({ body: [] }) });
    renderWithApp(<UsersToFollow placement="aside" />);

    expect(await screen.findByText('You follow everyone here for now.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users to follow' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'People you follow' })).toHaveAttribute(
      'href',
      '/following',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});

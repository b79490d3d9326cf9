import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LogOut, Settings } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../test/factories';
import { renderWithApp } from '../../../test/render';
import { MiniProfileCard, type ProfileMenuEntry } from './mini-profile-card';

const me = makeMe({ posts_count: 4, followersCount: 12, followingsCount: 7 });

describe('MiniProfileCard', () => {
  it('shows the names and the counts, linking subscribers and subscriptions to their pages', () => {
    renderWithApp(<MiniProfileCard me={me} menu={[]} />);

    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('@ada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '12 Subscribers' })).toHaveAttribute(
      'href',
      '/followers',
    );
    expect(screen.getByRole('link', { name: '7 Subscriptions' })).toHaveAttribute(
      'href',
      '/following',
    );
    expect(screen.getByRole('link', { name: '4 Posts' })).toHaveAttribute('href', '/my_posts');
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile');
  });

  it('says one of each in the singular', () => {
    renderWithApp(
      <MiniProfileCard
        me={makeMe({ posts_count: 1, followersCount: 1, followingsCount: 1 })}
        menu={[]}
      />,
    );

    expect(screen.getByRole('link', { name: '1 Post' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 Subscriber' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 Subscription' })).toBeInTheDocument();
  });

  it('opens and closes its menu, whose entries are links or actions', async () => {
    const user = userEvent.setup();
    const exit = vi.fn();
    const menu: ProfileMenuEntry[] = [
      { id: 'settings', label: 'Settings', icon: Settings, to: '/settings' },
      { id: 'exit', label: 'Exit', icon: LogOut, onSelect: exit },
    ];
    renderWithApp(<MiniProfileCard me={me} menu={menu} />);
    const toggle = screen.getByRole('button', { name: 'Menu' });

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(screen.getByRole('button', { name: 'Exit' }));
    expect(exit).toHaveBeenCalledTimes(1);

    await user.click(toggle);
    expect(screen.queryByRole('button', { name: 'Exit' })).not.toBeInTheDocument();
  });
});

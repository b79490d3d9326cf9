import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { likeGroup, moderationGroup, reportGroup } from '../notification-fixtures';
import { NotificationRow } from './notification-row';

const renderRow = (item: Parameters<typeof NotificationRow>[0]['item']) =>
  renderWithApp(<NotificationRow item={item} meId={1} unread />);

describe('a notification row', () => {
  it("shows a report's outcome with no picture of anyone and no link", async () => {
    const { container } = renderRow(reportGroup(2, { status: 'resolved', action: 'remove' }));
    expect(
      await screen.findByText('was reviewed: the content was removed.', { exact: false }),
    ).toBeInTheDocument();
    expect(container).toHaveTextContent('Your report was reviewed: the content was removed.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it("shows an admin's warning with its note, naming no admin", async () => {
    const warning = moderationGroup(1, {
      targetType: 'user',
      title: 'me',
      action: 'warn',
      note: 'Be kind.',
    });
    const { container } = renderRow(warning);
    await screen.findByText('An admin');
    expect(container).toHaveTextContent('An admin warned you about your profile: Be kind.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelectorAll('img')).toHaveLength(0);
  });

  it('shows a member’s action with their picture and a link to its subject', async () => {
    const { container } = renderRow(likeGroup(3));
    expect(await screen.findByRole('link', { name: 'alice liked “Clutch 1v4”' })).toHaveAttribute(
      'href',
      '/post/10',
    );
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '@devplay/shared';
import { makeUser } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { AuditPanel } from './audit-panel';

const fetchMock = stubFetch({ signedIn: true });
const ada = makeUser(1, { username: 'ada' });

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  actor: ada,
  actorUsername: 'ada',
  action: 'post.delete',
  targetType: 'post',
  targetId: String(id),
  summary: `Post ${id} by bob`,
  createdAt: '2026-03-04T05:06:00.000Z',
  ...overrides,
});

function serve() {
  routeFetch(fetchMock, {
    'GET /api/admin/audit': (_init, url) => {
      const params = new URL(url, 'http://localhost').searchParams;
      if (params.get('action') === 'map.create')
        return jsonResponse({
          body: {
            items: [entry(9, { action: 'map.create', targetType: 'map', summary: 'Mirage' })],
            nextCursor: null,
          },
        });
      if (params.get('cursor') === 'page-2')
        return jsonResponse({ body: { items: [entry(1)], nextCursor: null } });
      return jsonResponse({ body: { items: [entry(2)], nextCursor: 'page-2' } });
    },
  });
}

describe('AuditPanel', () => {
  it('lists the admin actions, a page at a time', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AuditPanel />);

    expect(await screen.findByText('Post 2 by bob')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list')).getByText(AUDIT_ACTION_LABELS['post.delete']),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Post 1 by bob')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('keeps one kind of action when filtered', async () => {
    serve();
    const user = userEvent.setup();
    renderWithApp(<AuditPanel />);

    await screen.findByText('Post 2 by bob');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'map.create');

    expect(await screen.findByText('Mirage')).toBeInTheDocument();
    expect(screen.queryByText('Post 2 by bob')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, 'GET /api/admin/audit').some(([input]) =>
          String(input).includes('action=map.create'),
        ),
      ).toBe(true),
    );
  });
});

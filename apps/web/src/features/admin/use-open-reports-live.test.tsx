import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { emitLive } from '../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { OpenReportsBadge } from './components/open-reports-badge';
import { ReportsPanel } from './components/reports-panel';
import { useOpenReportsLive } from './use-open-reports-live';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });

function Screen() {
  useOpenReportsLive();
  return (
    <>
      <p data-testid="badge">
        <OpenReportsBadge />
      </p>
      <ReportsPanel />
    </>
  );
}

describe('reports:open', () => {
  it("moves the admin's badge and reads the queue on screen again", async () => {
    let open = 1;
    routeFetch(fetchMock, {
      'GET /api/admin/reports': () => jsonResponse({ body: { items: [], nextCursor: null, open } }),
    });
    const view = renderWithApp(<Screen />);
    view.queryClient.setQueryData(sessionKeys.me(), makeMe({ isAdmin: true, openReports: 1 }));
    await screen.findByText('No open reports: nothing waits for an admin.');
    expect(screen.getByTestId('badge')).toHaveTextContent(/1 open report$/);
    const reads = requestsTo(fetchMock, 'GET /api/admin/reports').length;

    open = 4;
    await emitLive({ type: 'reports:open', data: { open: 4 } });
    expect(screen.getByTestId('badge')).toHaveTextContent('4 open reports');
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/admin/reports').length).toBe(reads + 1),
    );

    open = 0;
    await emitLive({ type: 'reports:open', data: { open: 0 } });
    expect(screen.getByTestId('badge')).toBeEmptyDOMElement();
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'GET /api/admin/reports').length).toBe(reads + 2),
    );
    expect(screen.getByTestId('badge')).toBeEmptyDOMElement();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@devplay/shared';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { PendingApprovalBanner } from './pending-approval-banner';

const fetchMock = stubFetch({ signedIn: true });
const WAITING = "Your account is waiting for an admin's approval.";

/** Renders the banner for `me`, once the profile has arrived. */
async function renderFor(me: Me) {
  routeFetch(fetchMock, { 'GET /api/me': () => jsonResponse({ body: me }) });
  const { queryClient } = renderWithApp(<PendingApprovalBanner />, { path: '/home_page' });
  await waitFor(() => expect(queryClient.getQueryData(sessionKeys.me())).toEqual(me));
}

describe('PendingApprovalBanner', () => {
  it('tells a confirmed member who waits for approval', async () => {
    await renderFor(makeMe({ pendingApproval: true }));
    // A polite status: read out once, without interrupting.
    expect(screen.getByText(WAITING).closest('[role="status"]')).not.toBeNull();
  });

  it('says nothing once the member is approved', async () => {
    await renderFor(makeMe({ pendingApproval: false }));
    expect(screen.queryByText(WAITING)).toBeNull();
  });

  it('says nothing before the e-mail is confirmed: confirming comes first', async () => {
    await renderFor(makeMe({ pendingApproval: true, isVerified: false }));
    expect(screen.queryByText(WAITING)).toBeNull();
  });

  it('says nothing to an admin, who never waits', async () => {
    await renderFor(makeMe({ pendingApproval: true, isAdmin: true }));
    expect(screen.queryByText(WAITING)).toBeNull();
  });
});

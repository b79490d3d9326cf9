import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ConfirmEmailForm } from './confirm-email-form';

const fetchMock = stubFetch({ signedIn: false });

const healthSaying = (mail: 'log' | 'smtp') => () =>
  jsonResponse({ body: { status: 'ok', db: 'ok', redis: 'off', version: '1.0.0', mail } });

const WHERE_CODES_GO = /the code appears in the terminal where the server runs/;

describe('confirm email form, where the code went', () => {
  it('says the code is in the server terminal when the server only prints mail', async () => {
    routeFetch(fetchMock, { 'GET /api/health': healthSaying('log') });
    renderWithApp(<ConfirmEmailForm email="ada@example.com" />, { path: '/confirm_email' });
    expect(await screen.findByText(WHERE_CODES_GO)).toBeInTheDocument();
  });

  it('says nothing of it when the server sends mail', async () => {
    routeFetch(fetchMock, { 'GET /api/health': healthSaying('smtp') });
    renderWithApp(<ConfirmEmailForm email="ada@example.com" />, { path: '/confirm_email' });
    await waitFor(() => expect(requestsTo(fetchMock, 'GET /api/health')).toHaveLength(1));
    // Let the answer render before looking for its absence.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(WHERE_CODES_GO)).not.toBeInTheDocument();
  });
});

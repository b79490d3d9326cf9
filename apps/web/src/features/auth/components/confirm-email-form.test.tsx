import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeFetch, stubFetch } from '../../../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { ConfirmEmailForm } from './confirm-email-form';

const fetchMock = stubFetch({ signedIn: false });

const healthSaying = (mail: 'log' | 'smtp') => () =>
  jsonResponse({ body: { status: 'ok', db: 'ok', redis: 'off', version: '1.0.0', mail } });

const WHERE_CODES_GO = /the code appears in the terminal where the server runs/;

/** Shows the health answer the form reads, in the same render as the form. */
function HealthShown() {
  const { data } = useQuery<{ mail: string }>({ queryKey: ['health'], enabled: false });
  return data ? <output>mail: {data.mail}</output> : null;
}

describe('confirm email form, where the code went', () => {
  it('says the code is in the server terminal when the server only prints mail', async () => {
    routeFetch(fetchMock, { 'GET /api/health': healthSaying('log') });
    renderWithApp(<ConfirmEmailForm email="ada@example.com" />, { path: '/confirm_email' });
    expect(await screen.findByText(WHERE_CODES_GO)).toBeInTheDocument();
  });

  it('says nothing of it when the server sends mail', async () => {
    routeFetch(fetchMock, { 'GET /api/health': healthSaying('smtp') });
    renderWithApp(
      <>
        <ConfirmEmailForm email="ada@example.com" />
        <HealthShown />
      </>,
      { path: '/confirm_email' },
    );
    expect(await screen.findByText('mail: smtp')).toBeInTheDocument();
    expect(screen.queryByText(WHERE_CODES_GO)).not.toBeInTheDocument();
  });
});

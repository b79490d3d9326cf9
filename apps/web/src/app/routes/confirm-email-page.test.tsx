import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@devplay/shared';
import { setToken } from '../../lib/token-store';
import { STORED_EMAIL_KEYS, storeEmail } from '../../lib/stored-email';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { makeMe } from '../../test/factories';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ConfirmEmailPage } from './confirm-email-page';

const fetchMock = stubFetch({ signedIn: false });

function open() {
  const user = userEvent.setup();
  renderWithApp(<ConfirmEmailPage />, { path: '/confirm_email' });
  return { user, code: screen.getByLabelText('Verification code') };
}

const codeSent = () => jsonResponse({ body: { message: AUTH_MESSAGES.codeSent } });

describe('confirm email page', () => {
  it('resends the code on the first click, with no error popping up as the code field blurs', async () => {
    storeEmail('verification', 'ada@example.com');
    routeFetch(fetchMock, { 'POST /api/resend-code': codeSent });
    const { user, code } = open();
    expect(code).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    await waitFor(() => expect(requestsTo(fetchMock, 'POST /api/resend-code')).toHaveLength(1));
    const [, init] = requestsTo(fetchMock, 'POST /api/resend-code')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com' });
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(code).not.toHaveAccessibleDescription();
  });

  it('says where the code went for an address just signed up with, never "If an account exists"', async () => {
    storeEmail('verification', 'ada@example.com');
    routeFetch(fetchMock, { 'POST /api/resend-code': codeSent });
    const { user } = open();

    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('We sent a new code to ada@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/If an account exists/)).not.toBeInTheDocument();
  });

  it("asks a visitor for the address and shows the server's neutral answer", async () => {
    routeFetch(fetchMock, { 'POST /api/resend-code': codeSent });
    const { user } = open();
    const email = screen.getByLabelText('Email');
    expect(email).not.toHaveAttribute('readonly');
    expect(email).toHaveFocus();

    await user.type(email, 'who@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText(AUTH_MESSAGES.codeSent)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/resend-code')).toHaveLength(1);
  });

  it("uses a signed-in, unconfirmed member's own address", async () => {
    setToken('token-a');
    routeFetch(fetchMock, {
      'GET /api/me': () =>
        jsonResponse({ body: makeMe({ email: 'member@example.com', isVerified: false }) }),
    });
    open();

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('member@example.com'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it("draws the verified mark as an icon, the spec's '✅ Email verified!' for screen readers", async () => {
    storeEmail('verification', 'ada@example.com');
    routeFetch(fetchMock, {
      'POST /api/verify': () => jsonResponse({ body: { message: AUTH_MESSAGES.emailVerified } }),
    });
    const { user, code } = open();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm email' }));

    const spoken = await screen.findByText(AUTH_MESSAGES.verifySuccess);
    const notice = spoken.closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice?.querySelector('svg')).not.toBeNull();
    const shown = within(notice as HTMLElement).getByText('Email verified!');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown.textContent).not.toContain('✅');
    // Handed to the sign-in form the page goes on to.
    expect(localStorage.getItem(STORED_EMAIL_KEYS.verification)).toBeNull();
    expect(localStorage.getItem(STORED_EMAIL_KEYS.signIn)).toBe('ada@example.com');
  });
});

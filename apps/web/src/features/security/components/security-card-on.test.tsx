import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES, type Security } from '@devplay/shared';
import { stubFetch } from '../../../test/fetch-mock';
import {
  bodiesTo,
  recoveryCodes,
  RIGHT_CODE,
  RIGHT_PASSWORD,
  serveSecurity,
} from '../security-fixtures';
import { SecurityCardOfMe } from '../security-card-of-me';
import { renderWithApp } from '../../../test/render';

const fetchMock = stubFetch({ signedIn: true });
const DISABLE = 'DELETE /api/me/2fa/totp';
const RENEW = 'POST /api/me/recovery-codes';

/** Settings with the app on, and `opener` clicked: its password-and-code form is open. */
async function open(opener: 'New recovery codes' | 'Turn off', security: Partial<Security> = {}) {
  serveSecurity(fetchMock, { totp: true, passkeys: 0, recoveryCodesLeft: 8, ...security });
  const user = userEvent.setup();
  renderWithApp(<SecurityCardOfMe />);
  await user.click(await screen.findByRole('button', { name: opener }));
  const password = screen.getByLabelText('Password');
  const code = screen.getByLabelText('Code from the app, or a recovery code');
  const fill = async (passwordValue: string, codeValue: string) => {
    await user.type(password, passwordValue);
    await user.type(code, codeValue);
  };
  return { user, password, code, fill };
}

describe('the Security card, two-factor authentication on', () => {
  it('says it is on and how many recovery codes are left', async () => {
    serveSecurity(fetchMock, { totp: true, passkeys: 0, recoveryCodesLeft: 8 });
    renderWithApp(<SecurityCardOfMe />);

    expect(await screen.findByText('Recovery codes left: 8')).toBeVisible();
    expect(screen.getByText('Two-factor authentication')).toHaveTextContent(/On$/);
    expect(screen.queryByText(/Make new recovery codes before/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
  });

  it('urges new codes when 3 or fewer are left', async () => {
    serveSecurity(fetchMock, { totp: true, passkeys: 0, recoveryCodesLeft: 3 });
    renderWithApp(<SecurityCardOfMe />);

    const warning = await screen.findByText('Recovery codes left: 3');
    expect(warning.closest('[role="status"]')).toHaveTextContent(
      'Make new recovery codes before they run out.',
    );
  });

  it('makes new recovery codes with the password and a code, and shows them', async () => {
    const { user, password, fill } = await open('New recovery codes');
    expect(password).toHaveFocus();
    await fill(RIGHT_PASSWORD, '123 456');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    const heading = await screen.findByRole('heading', { name: 'Your recovery codes' });
    expect(heading).toHaveFocus();
    expect(bodiesTo(fetchMock, RENEW)).toEqual([{ password: RIGHT_PASSWORD, code: RIGHT_CODE }]);
    const list = screen.getByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes('b'));
  });

  it('takes a recovery code as the current code', async () => {
    const { user, fill } = await open('New recovery codes');
    await fill(RIGHT_PASSWORD, 'K7M2P-Q9X4T');
    await user.click(screen.getByRole('button', { name: 'Make new codes' }));

    await waitFor(() => expect(bodiesTo(fetchMock, RENEW)).toHaveLength(1));
    expect(bodiesTo(fetchMock, RENEW)[0]?.code).toBe('k7m2pq9x4t');
  });

  it('asks for both inputs, and a code in a known shape, without asking the server', async () => {
    const { user, password, code } = await open('New recovery codes');
    const submit = () => user.click(screen.getByRole('button', { name: 'Make new codes' }));
    await submit();
    expect(password).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.enterPassword);

    await user.type(password, RIGHT_PASSWORD);
    await user.type(code, '12345');
    await submit();
    expect(code).toBeInvalid();
    expect(code).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.factorCodeFormat);
    expect(password).toBeValid();
    expect(bodiesTo(fetchMock, RENEW)).toEqual([]);
  });

  it('turns off after the password, a code and a confirmation', async () => {
    const { user, fill } = await open('Turn off');
    await fill(RIGHT_PASSWORD, RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(bodiesTo(fetchMock, DISABLE)).toEqual([]);

    const dialog = screen.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(TWO_FACTOR_MESSAGES.turnedOff)).toBeVisible();
    expect(bodiesTo(fetchMock, DISABLE)).toEqual([{ password: RIGHT_PASSWORD, code: RIGHT_CODE }]);
    expect(screen.getByText('Two-factor authentication')).toHaveTextContent(/Off$/);
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Security' })).toHaveFocus();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user, fill } = await open('Turn off');
    await fill(RIGHT_PASSWORD, RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesTo(fetchMock, DISABLE)).toEqual([]);
    expect(screen.getByLabelText('Password')).toHaveValue(RIGHT_PASSWORD);
  });

  it('says a wrong password under the password, keeping the app on', async () => {
    const { user, password, fill } = await open('Turn off');
    await fill('Wr0ng!pass', RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Turn off' }));

    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.wrongPasswordOrCode),
    );
    expect(password).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Two-factor authentication')).toHaveTextContent(/On$/);
  });

  it('goes back to the card with Cancel', async () => {
    const { user } = await open('Turn off');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Turn off' })).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});

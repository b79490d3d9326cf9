import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Me, SendMoneyInput } from '@devplay/shared';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { sessionKeys } from '../../../lib/session';
import { bob, makeMe, makeProfile, makeTransaction } from '../../../test/factories';
import { SendMoneyForm } from './send-money-form';
import { stubFetch } from '../../../test/fetch-mock';

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe({ balance: 100 });
const INVALID_AMOUNT = 'Enter an amount between 0.01 and 10,000.00 € with at most two decimals';

type Answer = (body: SendMoneyInput) => Response | Promise<Response>;

/** Serves /me and answers each POST /transaction with the next of `answers`. */
function setup(...answers: Answer[]) {
  const sent: SendMoneyInput[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/me') return jsonResponse({ body: ada });
    if (path === '/api/user/bob') return jsonResponse({ body: makeProfile() });
    if (path === '/api/transaction') {
      const body = JSON.parse(String(init?.body)) as SendMoneyInput;
      sent.push(body);
      const answer = answers[sent.length - 1];
      if (!answer) throw new Error('unexpected send');
      return answer(body);
    }
    return jsonResponse({ body: { items: [], nextCursor: null, balance: ada.balance } });
  });
  // The sender is among the matches, as the server would return her for "a".
  const search = vi.fn(() => Promise.resolve([ada, bob]));
  const user = userEvent.setup({ delay: null });
  const utils = renderWithApp(<SendMoneyForm search={search} />);
  const sum = screen.getByLabelText('Amount (€)');

  const pickBob = async () => {
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), 'b');
    await user.click(await screen.findByRole('option', { name: /Bob Builder/ }));
  };
  const send = async () => {
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer' });
    await user.click(within(dialog).getByRole('button', { name: /^Send/ }));
  };
  return { user, sum, sent, search, pickBob, send, ...utils };
}

const ok: Answer = (body) =>
  jsonResponse({
    status: 201,
    body: makeTransaction({
      amount: Number(body.amount),
      note: body.note ?? null,
      balanceAfter: 87.66,
    }),
  });
const offline: Answer = () => Promise.reject(new TypeError('Failed to fetch'));

describe('SendMoneyForm', () => {
  it("asks for a recipient with 'All fields must be filled in'", async () => {
    const { user, sum, sent } = setup();
    await user.type(sum, '5');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    // The rules arrive with their chunk on first use (zod stays off the first paint).
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Recipient' })).toHaveAccessibleDescription(
        'All fields must be filled in',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("asks for a sum with 'All fields must be filled in'", async () => {
    const { user, sum, sent, pickBob } = setup();
    await pickBob();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(sum).toHaveAccessibleDescription(/^All fields must be filled in/));
    expect(sent).toHaveLength(0);
  });

  it.each(['12.345', '0', 'abc', '10000.01'])(
    "refuses the sum '%s' with the invalid-amount text",
    async (value) => {
      const { user, sum, sent, pickBob } = setup();
      await pickBob();
      await user.type(sum, value);
      await user.click(screen.getByRole('button', { name: 'Send' }));

      await waitFor(() =>
        expect(sum).toHaveAccessibleDescription(new RegExp(`^${INVALID_AMOUNT}`)),
      );
      expect(sent).toHaveLength(0);
    },
  );

  it('never offers the sender as a recipient', async () => {
    const { user, search } = setup();
    await user.type(screen.getByRole('combobox', { name: 'Recipient' }), 'a');

    expect(await screen.findByRole('option', { name: /Bob Builder/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Ada Lovelace/ })).not.toBeInTheDocument();
    expect(search).toHaveBeenCalledWith('a', expect.anything());
  });

  it('picks a recipient with the keyboard and removes the chip again', async () => {
    const { user } = setup();
    const box = screen.getByRole('combobox', { name: 'Recipient' });
    await user.type(box, 'b');
    await screen.findByRole('option', { name: /Bob Builder/ });
    await user.keyboard('{ArrowDown}{Enter}');

    const remove = screen.getByRole('button', { name: 'Remove recipient Bob Builder' });
    expect(screen.getByRole('group', { name: 'Recipient' })).toHaveTextContent('@bob');
    expect(remove).toHaveFocus();

    await user.click(remove);
    expect(screen.getByRole('combobox', { name: 'Recipient' })).toHaveFocus();
  });

  it("sends '12,34' with an idempotency key, says 'Transaction sent successfully!' and clears", async () => {
    const { user, sum, sent, pickBob, send, queryClient } = setup(ok);
    await pickBob();
    await user.type(sum, '12,34');
    await user.type(screen.getByLabelText('Note (optional)'), 'Lunch');
    expect(screen.getByText('5/140')).toBeInTheDocument();
    await send();

    expect(await screen.findByText('Transaction sent successfully!')).toBeInTheDocument();
    expect(sent).toEqual([
      { amount: 12.34, userName: 'bob', note: 'Lunch', idempotencyKey: expect.any(String) },
    ]);
    expect(sent[0]?.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    expect(sum).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Recipient' })).toHaveValue('');
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.balance).toBe(87.66);
  });

  it('retries after a network error with the same key, and a new attempt gets a new key', async () => {
    const { user, sum, sent, pickBob, send } = setup(offline, ok, ok);
    await pickBob();
    await user.type(sum, '5');
    await send();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error sending transaction');
    expect(sum).toHaveValue('5');
    await send();
    await screen.findByText('Transaction sent successfully!');
    expect(sent[1]?.idempotencyKey).toBe(sent[0]?.idempotencyKey);

    await pickBob();
    await user.type(sum, '5');
    await send();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it('takes a new key when the values change after a network error', async () => {
    const { user, sum, sent, pickBob, send } = setup(offline, ok);
    await pickBob();
    await user.type(sum, '5');
    await send();
    await screen.findByRole('alert');

    await user.type(sum, '0');
    await send();
    await screen.findByText('Transaction sent successfully!');
    expect(sent.map((body) => body.amount)).toEqual([5, 50]);
    expect(sent[1]?.idempotencyKey).not.toBe(sent[0]?.idempotencyKey);
  });

  it("shows the server's 'Insufficient funds' under the sum, focused, and keeps the input", async () => {
    // The balance went down elsewhere before this page heard of it.
    const { user, sum, pickBob, send } = setup(() =>
      jsonResponse({
        status: 422,
        body: { message: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS', field: 'amount' },
      }),
    );
    await pickBob();
    await user.type(sum, '50');
    await send();

    await waitFor(() => expect(sum).toHaveAccessibleDescription(/^Insufficient funds/));
    await waitFor(() => expect(sum).toHaveFocus());
    expect(sum).toHaveValue('50');
    expect(screen.getByRole('group', { name: 'Recipient' })).toHaveTextContent('Bob Builder');
    expect(screen.queryByText('Transaction sent successfully!')).not.toBeInTheDocument();
  });

  it("shows a refusal that names no field, such as 'Recipient not found', above the button", async () => {
    const { user, sum, pickBob, send } = setup(() =>
      jsonResponse({ status: 404, body: { message: 'Recipient not found', code: 'NOT_FOUND' } }),
    );
    await pickBob();
    await user.type(sum, '1');
    await send();

    expect(await screen.findByRole('alert')).toHaveTextContent('Recipient not found');
  });

  it('puts a refusal that names the recipient under the recipient', async () => {
    const { user, sum, pickBob, send } = setup(() =>
      jsonResponse({
        status: 400,
        body: {
          message: 'You cannot send money to yourself',
          code: 'BAD_REQUEST',
          field: 'userName',
        },
      }),
    );
    await pickBob();
    await user.type(sum, '1');
    await send();

    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Recipient' })).toHaveAccessibleDescription(
        'You cannot send money to yourself',
      ),
    );
    expect(screen.queryByText('Transaction sent successfully!')).not.toBeInTheDocument();
  });
});

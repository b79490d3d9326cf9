import { describe, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('money in Chromium', () => {
  const ada = { email: 'ada@example.com', username: 'ada', password: 'Frag1!adaaa' };
  const bob = { email: 'bob@example.com', username: 'bobby', password: 'Frag1!bobby' };
  const journey = useJourney([ada, bob]);

  it('A sends B 12.34 €; both balances and histories show it; sending more than A has is refused', async () => {
    const a = await journey.openAs(ada);
    const b = await journey.openAs(bob);
    const balance = (page: typeof a) =>
      page.getByRole('link', { name: /€\s?[\d.,]+|[\d.,]+\s?€/ }).first();
    await balance(b).filter({ hasText: '100.00' }).waitFor();

    await a.goto(`${journey.url}/transactions`);
    await a.getByPlaceholder('Search members').fill('bob');
    await a.getByRole('option', { name: /bobby/ }).first().click();
    await a.getByLabel('Amount (€)').fill('12.34');
    await a.getByLabel('Note (optional)').fill('Pizza after the match');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    await a.getByRole('dialog').getByRole('button', { name: /^Send/ }).click();
    await a.getByText('Transaction sent successfully!').waitFor();
    await balance(a).filter({ hasText: '87.66' }).waitFor();
    // B's header follows without a reload (balance:changed over the socket).
    await balance(b).filter({ hasText: '112.34' }).waitFor();
    await b.goto(`${journey.url}/transactions`);
    await b.getByText('Pizza after the match').waitFor();
    await screenshot(b, 'transactions-desktop');

    await a.getByPlaceholder('Search members').fill('bob');
    await a.getByRole('option', { name: /bobby/ }).first().click();
    await a.getByLabel('Amount (€)').fill('500');
    await a.getByRole('button', { name: 'Send', exact: true }).click();
    // Said at the sum before any confirmation: 87.66 cannot cover it.
    await a.getByText('Insufficient funds').waitFor();
    await a.setViewportSize(VIEWPORTS.phone);
    await screenshot(a, 'transactions-phone');
  });
});

import { describe, it } from 'vitest';
import { requireBrowserOrSkip, screenshot, VIEWPORTS } from './support/browser';
import { useJourney } from './support/journey';

const runs = requireBrowserOrSkip();

describe.runIf(runs)('direct messages in Chromium', () => {
  const alice = { email: 'alice@example.com', username: 'alice', password: 'Frag1!alice' };
  const bruno = { email: 'bruno@example.com', username: 'bruno', password: 'Frag1!bruno' };
  const journey = useJourney([alice, bruno]);

  it('A writes from B’s profile; B’s badge rises live; B replies; A sees it; A deletes; B sees it vanish', async () => {
    const a = await journey.openAs(alice);
    const b = await journey.openAs(bruno);

    await a.goto(`${journey.url}/user/bruno`);
    await a.getByRole('link', { name: 'Write a message' }).click();
    await a.waitForURL('**/message/*');
    const input = a.getByPlaceholder('Enter message...');
    await input.fill('Hi Bruno! GG last night.');
    await input.press('Enter');
    await input.fill('Rematch on Nuke?');
    await input.press('Shift+Enter');
    await input.pressSequentially('Tonight at 21:00');
    await input.press('Enter');
    await a.getByText('Tonight at 21:00').waitFor();

    // No reload on B's side: the count arrives over the socket.
    await b
      .getByRole('link', { name: /Messages\s*2 unread/ })
      .first()
      .waitFor();
    await b.goto(`${journey.url}/message`);
    await b.getByText('Your messages').first().waitFor();
    await screenshot(b, 'conversations-desktop');
    await b.getByRole('link', { name: /alice/ }).first().click();
    await b.getByText('Hi Bruno! GG last night.').waitFor();
    await b.getByPlaceholder('Enter message...').fill('Deal. Bring your AWP.');
    await b.getByPlaceholder('Enter message...').press('Enter');
    await a.getByText('Deal. Bring your AWP.').waitFor();
    await screenshot(a, 'chat-desktop');

    await a.getByText('Hi Bruno! GG last night.').hover();
    await a
      .getByRole('button', { name: /Delete your message of/ })
      .first()
      .click();
    await a.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await a.getByText('Hi Bruno! GG last night.').waitFor({ state: 'detached' });
    await b.getByText('Hi Bruno! GG last night.').waitFor({ state: 'detached' });

    await b.setViewportSize(VIEWPORTS.phone);
    await screenshot(b, 'chat-phone');
    await b.goto(`${journey.url}/message`);
    await b.getByRole('link', { name: /alice/ }).first().waitFor();
    await screenshot(b, 'conversations-phone');
  });
});

import { describe, expect, it } from 'vitest';
import { createClient, signUpVerified, useTwoProcesses, type TestContext } from '../test/app';
import { nextMessage } from '../test/bus';

/** The token's holder on the other process, which has answered it before and remembers it. */
async function seenOnBothProcesses(processes: { one: TestContext; two: TestContext }) {
  const here = createClient(processes.one.app);
  const member = await signUpVerified(processes.one, here);
  const there = createClient(processes.two.app);
  there.token = here.token;
  const me = await there.get('/me');
  expect(me.statusCode).toBe(200);
  return { here, there, member, id: me.json().id as number };
}

describe.runIf(process.env.TEST_REDIS_URL)('remembered sessions across two processes', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it('refuses a signed-out token on the other process from the next request', async () => {
    const { here, there, id } = await seenOnBothProcesses(processes);
    const ended = nextMessage(processes.two.app, 'disconnect', (m) => m.userId === id);
    expect((await here.post('/logout')).statusCode).toBe(200);
    await ended;
    expect((await there.get('/me')).statusCode).toBe(401);
  });

  it('shows a changed profile on the other process at once', async () => {
    const { here, there, member, id } = await seenOnBothProcesses(processes);
    const changed = nextMessage(processes.two.app, 'member', (m) => m.userId === id);
    const renamed = await here.form('PUT', '/me', {
      username: member.username,
      fullName: 'Renamed Member',
      age: '30',
      bio: 'Plays CS on Fridays',
    });
    expect(renamed.statusCode).toBe(200);
    await changed;
    expect((await there.get('/me')).json().fullName).toBe('Renamed Member');
  });
});

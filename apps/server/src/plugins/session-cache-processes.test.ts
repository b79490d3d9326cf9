import { describe, expect, it } from 'vitest';
import { createClient, signUpVerified, useTwoProcesses, type TestContext } from '../test/app';

/** The token's holder on the other process, which has answered it before and remembers it. */
async function seenOnBothProcesses(processes: { one: TestContext; two: TestContext }) {
  const here = createClient(processes.one.app);
  const member = await signUpVerified(processes.one, here);
  const there = createClient(processes.two.app);
  there.token = here.token;
  expect((await there.get('/me')).statusCode).toBe(200);
  return { here, there, member };
}

describe.runIf(process.env.TEST_REDIS_URL)('remembered sessions across two processes', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it('refuses a signed-out token on the other process from the next request', async () => {
    const { here, there } = await seenOnBothProcesses(processes);
    expect((await here.post('/logout')).statusCode).toBe(200);
    await expect.poll(async () => (await there.get('/me')).statusCode, { timeout: 500 }).toBe(401);
  });

  it('shows a changed profile on the other process at once', async () => {
    const { here, there, member } = await seenOnBothProcesses(processes);
    const renamed = await here.form('PUT', '/me', {
      username: member.username,
      fullName: 'Renamed Member',
      age: '30',
      bio: 'Plays CS on Fridays',
    });
    expect(renamed.statusCode).toBe(200);
    await expect
      .poll(async () => (await there.get('/me')).json().fullName, { timeout: 500 })
      .toBe('Renamed Member');
  });
});

import { describe, expect, it } from 'vitest';
import { createUnreadOrder } from './unread-order';

/** A read the test answers when it chooses. */
function pendingRead(value: number) {
  let answer!: () => void;
  const settled = new Promise<void>((resolve) => (answer = resolve));
  return { read: () => settled.then(() => value), answer };
}

describe('unread counts in the order their reads started', () => {
  it("drops a greeting's count that answers after a change's newer count", async () => {
    const sendInOrder = createUnreadOrder();
    const sent: [number, boolean][] = [];
    const record = (value: number, newest: boolean) => void sent.push([value, newest]);
    const greeting = pendingRead(0);
    const change = pendingRead(1);

    const first = sendInOrder(7, greeting.read, record);
    const second = sendInOrder(7, change.read, record);
    change.answer();
    await second;
    greeting.answer();
    await first;

    expect(sent).toEqual([
      [1, true],
      [0, false],
    ]);
  });

  it('sends every count when reads answer in the order they started, per member', async () => {
    const sendInOrder = createUnreadOrder();
    const sent: [number, number, boolean][] = [];
    const reads = [pendingRead(1), pendingRead(2), pendingRead(5)];
    const done = [7, 7, 8].map((userId, i) =>
      sendInOrder(userId, reads[i]!.read, (value, newest) => sent.push([userId, value, newest])),
    );
    reads[2]!.answer();
    await done[2];
    reads[0]!.answer();
    await done[0];
    reads[1]!.answer();
    await done[1];

    expect(sent).toEqual([
      [8, 5, true],
      [7, 1, true],
      [7, 2, true],
    ]);
  });

  it('forgets a member once no read is open, and a failed read sends nothing', async () => {
    const sendInOrder = createUnreadOrder();
    const sent: boolean[] = [];
    await expect(
      sendInOrder(
        7,
        () => Promise.reject(new Error('down')),
        () => sent.push(true),
      ),
    ).rejects.toThrow('down');
    await sendInOrder(
      7,
      () => Promise.resolve(3),
      (_, newest) => sent.push(newest),
    );
    expect(sent).toEqual([true]);
  });
});

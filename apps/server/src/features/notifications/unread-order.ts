type Member = { started: number; sent: number; open: number };

/**
 * A member's unread count is read from two places at once: a socket's greeting and each change.
 * A read that started before a change can answer after the read that change started; sent last,
 * its older count would stay on the bell until the next change. Each read takes a ticket as it
 * starts, and its count is the newest only if no read with a later ticket was sent before it.
 */
export function createUnreadOrder() {
  const members = new Map<number, Member>();

  return async function sendInOrder<T>(
    userId: number,
    read: () => Promise<T>,
    send: (value: T, newest: boolean) => void,
  ) {
    let member = members.get(userId);
    if (!member) members.set(userId, (member = { started: 0, sent: 0, open: 0 }));
    const ticket = ++member.started;
    member.open++;
    try {
      const value = await read();
      const newest = ticket > member.sent;
      if (newest) member.sent = ticket;
      // Sent in the same turn as the comparison, so no later answer can slip between them.
      send(value, newest);
    } finally {
      if (--member.open === 0) members.delete(userId);
    }
  };
}

export type UnreadOrder = ReturnType<typeof createUnreadOrder>;

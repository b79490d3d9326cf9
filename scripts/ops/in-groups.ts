/** Files moved at once: enough to hide the round trips, few enough for any provider's limits. */
const AT_ONCE = 16;

export async function inGroups(names: string[], work: (name: string) => Promise<void>) {
  for (let start = 0; start < names.length; start += AT_ONCE) {
    await Promise.all(names.slice(start, start + AT_ONCE).map(work));
  }
}

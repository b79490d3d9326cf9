/**
 * A fixed piece of the work a page of this app gives a phone's CPU, run in the browser: build a
 * feed of cards as DOM, style and lay it out, read back every card's box (as a virtual list
 * does), parse and write the JSON of an API page, and match a pattern over its text. It never
 * changes with the app, so its time says how fast this host does that kind of work, where
 * Lighthouse's benchmark index (string and array loops only) can rise on a host whose layout and
 * DOM work got slower. Self-contained: it is sent to the page as source.
 */
export function referenceWork(): number {
  const started = performance.now();
  const items = Array.from({ length: 400 }, (_, i) => ({
    id: i,
    title: `Card ${i}: a title of a few words`,
    text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. '.repeat(4),
    author: { username: `member${i % 50}`, fullName: `Member ${i % 50}` },
    likes: i * 7,
  }));
  const json = JSON.stringify({ items, nextCursor: 'abc' });
  const page = JSON.parse(json) as { items: typeof items };
  const root = document.createElement('main');
  root.style.cssText =
    'display:flex;flex-direction:column;gap:12px;width:360px;font:14px sans-serif';
  for (const item of page.items) {
    const card = document.createElement('article');
    card.style.cssText =
      'display:grid;grid-template-columns:40px 1fr;gap:8px;padding:12px;border:1px solid #ccc;border-radius:12px';
    card.innerHTML =
      `<span style="width:40px;height:40px;border-radius:50%;background:#88f"></span>` +
      `<div><h2 style="margin:0;font-size:16px">${item.title}</h2>` +
      `<p style="margin:4px 0">${item.text}</p>` +
      `<button type="button">Like ${item.likes}</button> <a href="/user/${item.author.username}">${item.author.fullName}</a></div>`;
    root.append(card);
  }
  document.body.append(root);
  let height = 0;
  for (const card of root.children) height += card.getBoundingClientRect().height;
  const words = (root.textContent ?? '').match(/\b\w{6,}\b/g)?.length ?? 0;
  root.remove();
  if (height <= 0 || words === 0) throw new Error('the reference work did nothing');
  return performance.now() - started;
}

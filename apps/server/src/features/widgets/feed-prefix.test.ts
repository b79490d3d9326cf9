import { describe, expect, it } from 'vitest';
import { STUB_ATOM, stubFeedOf } from '../../test/widget-stubs';
import { feedPrefix } from './feed-prefix';

const roomy = { maxItems: 100, maxElements: 3_000 };

describe('feedPrefix', () => {
  it('leaves a feed within the budget as it is', () => {
    const feed = stubFeedOf(5);
    expect(feedPrefix(feed, roomy)).toBe(feed);
  });

  it('cuts after the last item kept and closes what is still open', () => {
    const prefix = feedPrefix(stubFeedOf(10_000), { ...roomy, maxItems: 3 });
    expect(prefix).toMatch(/<title>Story 2<\/title>.*<\/item><\/channel><\/rss>$/s);
    expect(prefix).not.toContain('Story 3');
  });

  it('counts Atom entries, prefixed names too', () => {
    const twice = STUB_ATOM.replace(/<entry>[\s\S]*<\/entry>/, (entry) => entry + entry);
    expect(feedPrefix(twice, { ...roomy, maxItems: 1 })).toMatch(/<\/entry><\/feed>$/);
    const rdf = '<rdf:RDF><rss:item><title>a</title></rss:item><rss:item/></rdf:RDF>';
    expect(feedPrefix(rdf, { ...roomy, maxItems: 1 })).toBe(
      '<rdf:RDF><rss:item><title>a</title></rss:item></rdf:RDF>',
    );
  });

  it('stops at the element budget, items or not', () => {
    const crowded = `<rss><channel>${'<category>c</category>'.repeat(10_000)}</channel></rss>`;
    const prefix = feedPrefix(crowded, { maxItems: 100, maxElements: 50 });
    expect(prefix.match(/<category>/g)).toHaveLength(48);
    expect(prefix).toMatch(/<\/category><\/channel><\/rss>$/);
  });

  it('leaves a malformed feed for the parser to judge', () => {
    expect(feedPrefix('<rss><channel><item>&nbsp;<b></item>', roomy)).toBe(
      '<rss><channel><item>&nbsp;<b></item>',
    );
  });

  it('refuses nesting no feed needs', () => {
    expect(() => feedPrefix(`<rss>${'<a>'.repeat(100)}`, roomy)).toThrow(/nested/);
  });
});

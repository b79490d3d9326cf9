import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text';
import { splitLinks } from './split-links';

const linksIn = (text: string) => {
  const { container } = render(
    <p>
      <LinkedText text={text} />
    </p>,
  );
  return { container, links: [...container.querySelectorAll('a')] };
};

describe('LinkedText', () => {
  it('makes http and https addresses links to a new tab that pass on no standing', () => {
    const { container, links } = linksIn('See https://devplay.example/a?b=1#c and http://x.io now');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://devplay.example/a?b=1#c',
      'http://x.io',
    ]);
    for (const link of links) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener nofollow ugc');
    }
    expect(container.textContent).toBe('See https://devplay.example/a?b=1#c and http://x.io now');
  });

  it('leaves the sentence its punctuation', () => {
    expect(splitLinks('Look: https://a.io/x. Nice!')).toEqual([
      { text: 'Look: ' },
      { text: 'https://a.io/x', href: 'https://a.io/x' },
      { text: '. Nice!' },
    ]);
    expect(splitLinks('(see https://a.io/x), or https://b.io?')).toEqual([
      { text: '(see ' },
      { text: 'https://a.io/x', href: 'https://a.io/x' },
      { text: '), or ' },
      { text: 'https://b.io', href: 'https://b.io' },
      { text: '?' },
    ]);
    expect(splitLinks('https://en.wikipedia.org/wiki/Go_(game).')[0]?.href).toBe(
      'https://en.wikipedia.org/wiki/Go_(game)',
    );
  });

  it('shows a look-alike domain in punycode, as the browser will, and links it as written', () => {
    const { container, links } = linksIn('Log in at https://аррӏе.com/login now');
    expect(container.textContent).toBe('Log in at https://xn--80ak6aa92e.com/login now');
    expect(links[0]?.getAttribute('href')).toBe('https://аррӏе.com/login');
    expect(splitLinks('https://münchen.de/x')).toEqual([
      { text: 'https://münchen.de/x', href: 'https://münchen.de/x' },
    ]);
  });

  it('never links another scheme', () => {
    const { links, container } = linksIn(
      'javascript:alert(1) data:text/html,<b>x</b> ftp://a.io mailto:a@b.io',
    );
    expect(links).toHaveLength(0);
    expect(container.textContent).toBe(
      'javascript:alert(1) data:text/html,<b>x</b> ftp://a.io mailto:a@b.io',
    );
  });

  it('keeps markup as text', () => {
    const text =
      '<script>alert(1)</script><img src=x onerror=alert(1)> https://a.io/"onmouseover=x';
    const { container, links } = linksIn(text);
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://a.io/']);
  });

  it('renders text without addresses as it is, line breaks included', () => {
    expect(splitLinks('Line one\nLine two')).toEqual([{ text: 'Line one\nLine two' }]);
    expect(splitLinks('')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { shownAddress } from './shown-address';

describe('shownAddress', () => {
  it.each([
    [
      'a Cyrillic word made of Latin look-alikes',
      'https://аррӏе.com/login',
      'https://xn--80ak6aa92e.com/login',
    ],
    ['look-alikes in capitals', 'https://СОСО.com/', 'https://xn--n1aahb.com/'],
    ['a look-alike word with a digit', 'https://аррӏе1.com/', 'https://xn--1-7sbp7ba27f.com/'],
    ['a Greek word made of Latin look-alikes', 'https://τοκγο.com/', 'https://xn--oxanocv.com/'],
    ['Latin mixed with one Cyrillic letter', 'https://аpple.com/', 'https://xn--pple-43d.com/'],
    ['Latin mixed with Greek', 'https://gοοgle.com/', 'https://xn--ggle-0nda.com/'],
    ['the mix written percent-encoded', 'https://%D0%B0pple.com/', 'https://xn--pple-43d.com/'],
    [
      'a mixed label behind a name and a port',
      'https://me@аpple.com:8443/a?b#c',
      'https://me@xn--pple-43d.com:8443/a?b#c',
    ],
    ['a mixed label among others', 'https://login.аpple.com/', 'https://login.xn--pple-43d.com/'],
    ['a script not trusted (Lisu)', 'https://ꓮꓑꓑꓡꓰ.com/', 'https://xn--4l8aa2c7bn.com/'],
  ])('shows %s in punycode', (_name, written, shown) => {
    expect(shownAddress(written)).toBe(shown);
  });

  it.each([
    ['an address in ASCII', 'https://devplay.example/a?b=1#c'],
    ['a Latin name with accents', 'https://münchen.de/x'],
    ['a Cyrillic name with letters unlike Latin ones', 'https://пример.рф/'],
    ['a Greek name', 'https://ελληνικά.gr/'],
    ['Japanese, which mixes its scripts by nature', 'https://日本語テキスト.jp/'],
    ['Korean', 'https://한국.kr/'],
    ['an address written in punycode', 'https://xn--80ak6aa92e.com/'],
  ])('shows %s as written', (_name, written) => {
    expect(shownAddress(written)).toBe(written);
  });
});

import { describe, expect, it } from 'vitest';
import { cleanNewsItem, plainText, webUrl } from './sanitize';

describe('plainText', () => {
  it('drops tags, script bodies and control characters, and folds white space', () => {
    expect(plainText('<b>Big</b>\n\tnews <script>alert(1)</script>today\u0000')).toBe(
      'Big news today',
    );
  });

  it('cuts long titles', () => {
    expect(plainText('x'.repeat(400))).toHaveLength(300);
  });

  it('drops bidirectional overrides and isolates, keeping the words around them', () => {
    const controls = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const control of controls) {
      expect(plainText(`Safe${control}exe.txt`)).toBe('Safeexe.txt');
    }
    expect(plainText('\u202eevil\u202c story \u2067ok\u2069')).toBe('evil story ok');
  });

  // How fast: sanitize.timing.test.ts.
  it('reads long runs of unclosed tags as nothing', () => {
    expect(plainText('<script>'.repeat(25_000))).toBe('');
    expect(plainText(`${'<style a='.repeat(10_000)}x`)).toBe('');
  });
});

describe('webUrl', () => {
  it('keeps absolute http(s) URLs only', () => {
    expect(webUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(webUrl('http://a.example/')).toBe('http://a.example/');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '/rel',
      '',
      null,
    ]) {
      expect(webUrl(bad)).toBeNull();
    }
  });
});

describe('cleanNewsItem', () => {
  it('drops an item without a title or a web link, and keeps only https images', () => {
    expect(cleanNewsItem({ title: ' ', link: 'https://a.example', image: null })).toBeNull();
    expect(cleanNewsItem({ title: 'A', link: 'javascript:x', image: null })).toBeNull();
    expect(
      cleanNewsItem({ title: 'A', link: 'https://a.example', image: 'http://img.example/a.png' }),
    ).toEqual({ title: 'A', link: 'https://a.example/', image_url: null });
  });
});

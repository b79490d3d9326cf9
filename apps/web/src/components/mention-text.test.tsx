import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { LinkedText } from './linked-text';

const shown = (text: string, mentions = true) => {
  const { container } = renderWithApp(
    <p data-testid="text">
      <LinkedText text={text} mentions={mentions} />
    </p>,
  );
  const paragraph = screen.getByTestId('text');
  return { container, paragraph, links: [...paragraph.querySelectorAll('a')] };
};

describe('LinkedText with mentions', () => {
  it('links each @username to the profile, and nothing else', () => {
    const { paragraph, links } = shown('Thanks @Ada and @bob_1. Mail ada@example.com');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['@Ada', '/user/Ada'],
      ['@bob_1', '/user/bob_1'],
    ]);
    for (const link of links) expect(link.target).toBe('');
    expect(paragraph.textContent).toBe('Thanks @Ada and @bob_1. Mail ada@example.com');
  });

  it('leaves a name inside a web address to the address', () => {
    const { links } = shown('See https://social.example/@ada and @ada');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://social.example/@ada',
      '/user/ada',
    ]);
  });

  it('never reads markup', () => {
    const { paragraph, links } = shown('<img src=x onerror=alert(1)>@ada<b>@bob</b>');
    expect(paragraph.querySelector('img, b')).toBeNull();
    expect(paragraph.textContent).toBe('<img src=x onerror=alert(1)>@ada<b>@bob</b>');
    expect(links.map((link) => link.textContent)).toEqual(['@ada', '@bob']);
  });

  it('links no names without `mentions` (messages)', () => {
    expect(shown('hi @ada', false).links).toHaveLength(0);
  });
});

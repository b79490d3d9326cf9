import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SoftBreaks } from './soft-breaks';

describe('a long name on a narrow screen', () => {
  it('may wrap after _ . - @ only, and still reads as one name', () => {
    render(
      <a href="/user/ada_lovelace_the_first_one">
        <SoftBreaks text="ada_lovelace_the_first_one" />
      </a>,
    );
    const link = screen.getByRole('link', { name: 'ada_lovelace_the_first_one' });
    expect(link.innerHTML).toBe('ada_<wbr>lovelace_<wbr>the_<wbr>first_<wbr>one');
  });

  it('breaks an address after its separators and its @', () => {
    const { container } = render(<SoftBreaks text="ada.l-b@mail.example" />);
    expect(container.innerHTML).toBe('ada.<wbr>l-<wbr>b@<wbr>mail.<wbr>example');
  });
});

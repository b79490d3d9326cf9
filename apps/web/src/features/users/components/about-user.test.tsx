import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AboutUser } from './about-user';

const statusOf = (age: number | null) => {
  const { unmount } = render(<AboutUser age={age} bio="Hi" />);
  const text = screen.getByText('Age').nextElementSibling?.textContent;
  unmount();
  return text;
};

describe('AboutUser', () => {
  it('shows the age with its SPEC §4 status, band edges included', () => {
    expect(statusOf(20)).toBe('20 Happy child!');
    expect(statusOf(21)).toBe("21 You're young - everything is ahead!");
    expect(statusOf(41)).toBe('41 Time to get serious!');
    expect(statusOf(42)).toBe('42 You can be proud of yourself!');
    expect(statusOf(60)).toBe('60 Time to travel!');
    expect(statusOf(71)).toBe("71 I don't live that long...");
    expect(statusOf(72)).toBe('72 Beyond dimensions');
  });

  it("says 'Not born yet!' without an age", () => {
    render(<AboutUser age={null} bio="Hi" />);
    expect(screen.getByText('Not born yet!')).toBeInTheDocument();
  });

  it("shows 'No information' for an empty bio, and the bio otherwise", () => {
    const { rerender } = render(<AboutUser age={30} bio="   " />);
    expect(screen.getByText('Bio').nextElementSibling).toHaveTextContent('No information');

    rerender(<AboutUser age={30} bio="Speedrunner" />);
    expect(screen.getByText('Bio').nextElementSibling).toHaveTextContent('Speedrunner');
  });

  it('shows the e-mail only when given (one’s own profile)', () => {
    const { rerender } = render(<AboutUser age={30} bio="" />);
    expect(screen.queryByText('Email')).not.toBeInTheDocument();

    rerender(<AboutUser age={30} bio="" email="ada@example.com" />);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });
});

import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCountInTitle } from './use-count-in-title';

function Page({ title, count }: { title: string; count: number }) {
  useCountInTitle(count);
  return <title>{title}</title>;
}

function Counter({ count }: { count: number }) {
  useCountInTitle(count);
  return null;
}

function Shell({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      {signedIn && <Counter count={5} />}
      <title>DevPlay</title>
    </>
  );
}

// MutationObserver callbacks run as microtasks.
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.title = '';
});

describe('the unread count in the tab title', () => {
  it("puts '(n) ' before the page's own title and follows the count", async () => {
    const view = render(<Page title="Home · DevPlay" count={3} />);
    await settled();
    expect(document.title).toBe('(3) Home · DevPlay');

    view.rerender(<Page title="Home · DevPlay" count={120} />);
    await settled();
    expect(document.title).toBe('(99+) Home · DevPlay');

    view.rerender(<Page title="Home · DevPlay" count={0} />);
    await settled();
    expect(document.title).toBe('Home · DevPlay');
  });

  it('keeps the count in front when the page changes its title', async () => {
    const view = render(<Page title="Home · DevPlay" count={2} />);
    await settled();
    view.rerender(<Page title="Settings · DevPlay" count={2} />);
    await settled();
    expect(document.title).toBe('(2) Settings · DevPlay');
  });

  it('takes the count away when the session ends', async () => {
    const view = render(<Shell signedIn />);
    await settled();
    expect(document.title).toBe('(5) DevPlay');
    view.rerender(<Shell signedIn={false} />);
    await settled();
    expect(document.title).toBe('DevPlay');
  });
});

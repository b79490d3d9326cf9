import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PostMedia } from './post-media';

const sized = '/uploads/3f1c-900x2400.webp';

describe("a post's picture", () => {
  it("reads the author's description, else the post's title", () => {
    render(<PostMedia image={sized} video={null} title="Ace" imageAlt="Two players at mid" />);
    expect(screen.getByRole('img', { name: 'Two players at mid' })).toBeInTheDocument();
    render(<PostMedia image={sized} video={null} title="Ace" imageAlt={null} />);
    expect(screen.getByRole('img', { name: 'Image for Ace' })).toBeInTheDocument();
  });

  it('opens full size by keyboard, traps focus, and Escape gives focus back', async () => {
    const user = userEvent.setup();
    render(<PostMedia image={sized} video={null} title="Ace" imageAlt="Tall map" />);
    const opener = screen.getByRole('button', { name: 'Tall map' });
    opener.focus();
    await user.keyboard('{Enter}');

    const viewer = screen.getByRole('dialog', { name: 'Tall map' });
    // The full picture, not the feed's 480 px copy.
    const full = within(viewer).getByRole('img', { name: 'Tall map' });
    expect(full).toHaveAttribute('src', `${window.location.origin}${sized}`);
    expect(full).not.toHaveAttribute('srcset');
    expect(viewer).toHaveFocus();
    const scroller = screen.getByTestId('image-viewer-scroller');
    await user.tab();
    expect(scroller).toHaveFocus();
    await user.tab();
    expect(within(viewer).getByRole('button', { name: 'Close image' })).toHaveFocus();
    await user.tab();
    expect(scroller).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its button, and on a phone with a swipe down from the top', async () => {
    const user = userEvent.setup();
    render(<PostMedia image={sized} video={null} title="Ace" />);
    await user.click(screen.getByRole('button', { name: 'Image for Ace' }));
    await user.click(screen.getByRole('button', { name: 'Close image' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Image for Ace' }));
    const scroller = screen.getByTestId('image-viewer-scroller');
    // A short drag, or two fingers (a pinch), keeps it open.
    fireEvent.touchStart(scroller, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(scroller, { changedTouches: [{ clientY: 150 }] });
    fireEvent.touchStart(scroller, { touches: [{ clientY: 100 }, { clientY: 300 }] });
    fireEvent.touchEnd(scroller, { changedTouches: [{ clientY: 400 }] });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.touchStart(scroller, { touches: [{ clientY: 100 }] });
    fireEvent.touchEnd(scroller, { changedTouches: [{ clientY: 260 }] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

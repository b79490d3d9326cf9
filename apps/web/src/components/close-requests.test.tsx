import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageViewer } from './image-viewer';
import { Modal } from './modal';

/**
 * The browser's close watchers as HTML defines them: a close request (Android's Back, Escape on
 * a desktop) goes to the newest live watcher, which then ends.
 */
class FakeCloseWatcher {
  static live: FakeCloseWatcher[] = [];
  onclose: (() => void) | null = null;
  constructor() {
    FakeCloseWatcher.live.push(this);
  }
  destroy() {
    FakeCloseWatcher.live = FakeCloseWatcher.live.filter((watcher) => watcher !== this);
  }
  /** What pressing Back on a phone does. */
  static back() {
    const newest = FakeCloseWatcher.live.at(-1);
    newest?.destroy();
    act(() => newest?.onclose?.());
  }
}

beforeEach(() => {
  FakeCloseWatcher.live = [];
  vi.stubGlobal('CloseWatcher', FakeCloseWatcher);
});
afterEach(() => vi.unstubAllGlobals());

function Viewer() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open picture</button>
      <ImageViewer open={open} src="/uploads/a.webp" alt="A map" onClose={() => setOpen(false)} />
    </>
  );
}

function DialogOverDialog() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(true);
  return (
    <>
      <Modal open={outer} title="Menu" onClose={() => setOuter(false)} />
      <Modal open={inner} title="Delete this post?" onClose={() => setInner(false)} />
    </>
  );
}

describe('Back on a phone (a close request)', () => {
  it('closes the picture viewer and leaves the page where it was', async () => {
    const user = userEvent.setup();
    render(<Viewer />);
    await user.click(screen.getByRole('button', { name: 'Open picture' }));
    expect(screen.getByRole('dialog', { name: 'A map' })).toBeInTheDocument();
    const entries = window.history.length;

    FakeCloseWatcher.back();
    expect(screen.queryByRole('dialog', { name: 'A map' })).not.toBeInTheDocument();
    expect(window.history.length).toBe(entries);
    expect(FakeCloseWatcher.live).toHaveLength(0);
  });

  it('closes the topmost of two surfaces only', () => {
    render(<DialogOverDialog />);
    FakeCloseWatcher.back();
    expect(screen.queryByRole('dialog', { name: 'Delete this post?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    FakeCloseWatcher.back();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('keeps listening while a surface declines to close', () => {
    const onClose = vi.fn();
    render(<Modal open title="Saving…" onClose={onClose} />);
    FakeCloseWatcher.back();
    FakeCloseWatcher.back();
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('dialog', { name: 'Saving…' })).toBeInTheDocument();
  });
});

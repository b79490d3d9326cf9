import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { ToastProvider } from './toast-provider';

function Trigger() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show('Saved')}>
      Save
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message and takes it away after five seconds', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');

    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('leaves no timer behind when dismissed by hand or unmounted', () => {
    const { unmount } = render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(vi.getTimerCount()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(vi.getTimerCount()).toBe(2);
    unmount();
    // A timer left running would set state on a torn-down tree, after jsdom itself is gone.
    expect(vi.getTimerCount()).toBe(0);
  });
});

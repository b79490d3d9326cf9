import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeChoiceControl } from '../components/theme-choice';
import { fakeMatchMedia } from '../test/match-media';
import { setThemeChoice, THEME_STORAGE_KEY } from './theme';

const bootScript = readFileSync(path.join(import.meta.dirname, '../../public/boot.js'), 'utf8');
/** Runs public/boot.js as the page's <head> does, before any app code. */
const boot = () => new Function(bootScript)() as void;
const painted = () => document.documentElement.dataset.theme;

afterEach(() => {
  setThemeChoice('system');
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('the boot script paints the chosen theme before the app', () => {
  it('uses the stored choice over the system', () => {
    fakeMatchMedia(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    boot();
    expect(painted()).toBe('dark');

    fakeMatchMedia(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    boot();
    expect(painted()).toBe('light');
  });

  it('follows the system without a choice, and dark when nothing can be read', () => {
    fakeMatchMedia(true);
    boot();
    expect(painted()).toBe('light');

    vi.stubGlobal('matchMedia', undefined);
    boot();
    expect(painted()).toBe('dark');
  });
});

describe('the theme choice', () => {
  it('applies at once and is kept on the device under the key boot.js reads', async () => {
    fakeMatchMedia(false);
    const user = userEvent.setup();
    render(<ThemeChoiceControl />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(painted()).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    boot();
    expect(painted()).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'System' }));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(painted()).toBe('dark');
  });

  it('System follows the scheme live; an explicit choice does not', async () => {
    const media = fakeMatchMedia(false);
    const user = userEvent.setup();
    render(<ThemeChoiceControl />);
    act(() => media.set(true));
    expect(painted()).toBe('light');
    act(() => media.set(false));
    expect(painted()).toBe('dark');

    await user.click(screen.getByRole('radio', { name: 'Light' }));
    act(() => media.set(false));
    expect(painted()).toBe('light');
  });

  it("takes another tab's choice", () => {
    fakeMatchMedia(false);
    render(<ThemeChoiceControl />);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(painted()).toBe('light');
  });
});

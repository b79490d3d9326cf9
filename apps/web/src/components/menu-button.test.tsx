import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './menu-button';

function openMenu() {
  const mute = vi.fn();
  const block = vi.fn();
  const user = userEvent.setup();
  render(
    <>
      <MenuButton
        label="More actions for @bob"
        items={[
          { label: 'Mute @bob', onSelect: mute },
          { label: 'Block @bob', onSelect: block, danger: true },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'More actions for @bob' });
  return { user, trigger, mute, block };
}

const item = (name: string) => screen.getByRole('menuitem', { name });

describe('MenuButton', () => {
  it('is a closed menu button until asked', () => {
    const { trigger } = openMenu();

    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on the first item with Enter and walks round with the arrows, Home and End', async () => {
    const { user, trigger } = openMenu();
    trigger.focus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('menu', { name: 'More actions for @bob' })).toBeVisible();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(item('Mute @bob')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Block @bob')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Mute @bob')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Block @bob')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('Mute @bob')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('Block @bob')).toHaveFocus();
  });

  it('opens on the last item with ArrowUp', async () => {
    const { user, trigger } = openMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');

    expect(item('Block @bob')).toHaveFocus();
  });

  it('closes with Escape, back onto its button, having done nothing', async () => {
    const { user, trigger, mute, block } = openMenu();
    await user.click(trigger);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(mute).not.toHaveBeenCalled();
    expect(block).not.toHaveBeenCalled();
  });

  it('does what an item says, once, and closes back onto its button', async () => {
    const { user, trigger, block } = openMenu();
    await user.click(trigger);
    await user.keyboard('{ArrowDown}{Enter}');

    expect(block).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes when the pointer goes elsewhere, or Tab leaves it', async () => {
    const { user, trigger } = openMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

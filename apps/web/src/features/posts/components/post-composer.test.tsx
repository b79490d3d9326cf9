import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { stubFetch } from '../../../test/fetch-mock';
import { PostComposer } from './post-composer';

stubFetch({ signedIn: true });

const title = () => screen.getByRole('textbox', { name: 'Title' });

describe("home's composer, whose form loads when the member goes to write", () => {
  it("draws the form's closed look: one 'What's new?' line", () => {
    renderWithApp(<PostComposer />);
    expect(screen.getByRole('region', { name: 'Create a post' })).toBeInTheDocument();
    expect(title()).toHaveAttribute('placeholder', "What's new?");
    expect(screen.queryByLabelText(/Description/)).not.toBeInTheDocument();
  });

  it('opens the form with what was typed before it came, the caret after it', async () => {
    const user = userEvent.setup();
    renderWithApp(<PostComposer />);
    await user.type(title(), 'Ace');

    expect(await screen.findByLabelText(/Description/)).toBeInTheDocument();
    expect(title()).toHaveValue('Ace');
    expect(title()).toHaveFocus();
    expect((title() as HTMLInputElement).selectionStart).toBe(3);
    await user.type(title(), ' on Nuke');
    expect(title()).toHaveValue('Ace on Nuke');
  });
});

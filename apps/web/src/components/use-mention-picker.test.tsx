import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { requestsTo, routeFetch, stubFetch } from '../test/fetch-mock';
import { jsonResponse, renderWithApp } from '../test/render';
import { MentionList } from './mention-list';
import { useMentionPicker } from './use-mention-picker';

const fetchMock = stubFetch({ signedIn: true });
const ada = { id: 1, username: 'ada', fullName: 'Ada Lovelace', avatar: null };
const adam = { id: 2, username: 'adam', fullName: 'Adam Smith', avatar: null };

/** A comment box as the posts feature has one: Enter sends, unless the picker takes it. */
function CommentBox({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const picker = useMentionPicker(setText);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(text);
      }}
    >
      <label htmlFor="box">Write a comment</label>
      <MentionList picker={picker}>
        <input
          id="box"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={picker.onKeyDown}
          {...picker.bind({})}
        />
      </MentionList>
    </form>
  );
}

function setUp() {
  routeFetch(fetchMock, { 'GET /api/users': () => jsonResponse({ body: [ada, adam] }) });
  const onSend = vi.fn();
  const outside = vi.fn();
  document.addEventListener('keydown', outside);
  renderWithApp(<CommentBox onSend={onSend} />);
  const box = screen.getByRole('combobox', { name: 'Write a comment' });
  return { onSend, outside, box, user: userEvent.setup() };
}

describe('useMentionPicker', () => {
  it('stays closed and sends on Enter while no name is typed', async () => {
    const { onSend, box, user } = setUp();
    await user.type(box, 'mail ada@example.com{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onSend).toHaveBeenCalledWith('mail ada@example.com');
    expect(requestsTo(fetchMock, 'GET /api/users')).toHaveLength(0);
  });

  it('lists members after @, moves with the arrows and picks with Enter instead of sending', async () => {
    const { onSend, box, user } = setUp();
    await user.type(box, 'hi @ad');
    const list = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Ada Lovelace@ada',
      'Adam Smith@adam',
    ]);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('hi @adam ');
    expect((box as HTMLInputElement).selectionStart).toBe('hi @adam '.length);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(onSend).not.toHaveBeenCalled();
    // One search per pause in typing, not one per key.
    expect(requestsTo(fetchMock, 'GET /api/users')).toHaveLength(1);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('hi @adam ');
  });

  it('picks with Tab, at the caret, keeping the text after it', async () => {
    const { box, user } = setUp();
    await user.type(box, '@ad says hi');
    await user.keyboard('{ArrowLeft>8/}');
    await screen.findAllByRole('option');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('@ada says hi');
    expect((box as HTMLInputElement).selectionStart).toBe('@ada '.length);
    expect(box).toHaveFocus();
  });

  it('closes on Escape without letting the key reach a dialog around it', async () => {
    const { outside, box, user } = setUp();
    await user.type(box, '@ad');
    await screen.findAllByRole('option');
    outside.mockClear();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(outside).not.toHaveBeenCalled();
    // A second Escape is the dialog's again.
    await user.keyboard('{Escape}');
    expect(outside).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', outside);
  });
});

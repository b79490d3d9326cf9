import { describe, expect, it } from 'vitest';
import { displayName, handle } from './member-name';

describe('member names', () => {
  it('shows the full name when the member has one', () => {
    expect(displayName({ username: 'ada', fullName: 'Ada Lovelace' })).toBe('Ada Lovelace');
  });

  it('trims the full name', () => {
    expect(displayName({ username: 'ada', fullName: '  Ada Lovelace ' })).toBe('Ada Lovelace');
  });

  it('falls back to the username when the full name is empty, blank or missing', () => {
    expect(displayName({ username: 'ada', fullName: '' })).toBe('ada');
    expect(displayName({ username: 'ada', fullName: '   ' })).toBe('ada');
    expect(displayName({ username: 'ada', fullName: null })).toBe('ada');
    expect(displayName({ username: 'ada' })).toBe('ada');
  });

  it('writes the handle with an @', () => {
    expect(handle('ada')).toBe('@ada');
  });
});

import { ERROR_CODES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { memberDeletionRefusal } from './policy';

describe('memberDeletionRefusal', () => {
  it('refuses the admin themself', () => {
    expect(memberDeletionRefusal(1, { id: 1, isAdmin: true })?.code).toBe(
      ERROR_CODES.cannotDeleteSelf,
    );
  });

  it('refuses another admin', () => {
    expect(memberDeletionRefusal(1, { id: 2, isAdmin: true })?.code).toBe(
      ERROR_CODES.cannotDeleteAdmin,
    );
  });

  it('lets an admin delete a member', () => {
    expect(memberDeletionRefusal(1, { id: 2, isAdmin: false })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './schemas/errors-texts';
import {
  canDeleteComment,
  canDeleteMessage,
  canDeletePost,
  memberDeletionRefusal,
} from './policies';

const member = { id: 1, isAdmin: false };
const admin = { id: 9, isAdmin: true };

describe('post and comment policy', () => {
  it('lets authors delete their own posts and comments', () => {
    expect(canDeletePost(member, { authorId: 1 })).toBe(true);
    expect(canDeleteComment(member, { userId: 1 })).toBe(true);
  });
  it("refuses other members' posts and comments", () => {
    expect(canDeletePost(member, { authorId: 2 })).toBe(false);
    expect(canDeleteComment(member, { userId: 2 })).toBe(false);
  });
  it('lets admins delete anything', () => {
    expect(canDeletePost(admin, { authorId: 2 })).toBe(true);
    expect(canDeleteComment(admin, { userId: 2 })).toBe(true);
  });
});

describe('message policy', () => {
  it('lets the sender delete their message', () => {
    expect(canDeleteMessage(member, { senderId: 1 })).toBe(true);
  });
  it('refuses the receiver, admin or not', () => {
    expect(canDeleteMessage(member, { senderId: 2 })).toBe(false);
    expect(canDeleteMessage(admin, { senderId: 2 })).toBe(false);
  });
});

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

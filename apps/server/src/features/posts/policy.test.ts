import { describe, expect, it } from 'vitest';
import { canDeleteComment, canDeletePost } from './policy';

const member = { id: 1, username: 'member', isAdmin: false };
const admin = { id: 9, username: 'admin', isAdmin: true };

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

import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, leaveWindow } from './schemas/calendar-texts';
import { ERROR_CODES } from './schemas/errors-texts';
import {
  canDeleteComment,
  canDeleteMessage,
  canDeletePost,
  canEditBracket,
  canEditComment,
  canEditPost,
  canSetHolidays,
  dayLockedReason,
  memberDeletionRefusal,
  outsideLeaveWindow,
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

describe('edit policy', () => {
  it('lets the author edit their post and comment', () => {
    expect(canEditPost(member, { authorId: 1 })).toBe(true);
    expect(canEditComment(member, { userId: 1 })).toBe(true);
  });
  it("refuses anyone else's, admins included", () => {
    expect(canEditPost(member, { authorId: 2 })).toBe(false);
    expect(canEditComment(member, { userId: 2 })).toBe(false);
    expect(canEditPost(admin, { authorId: 2 })).toBe(false);
    expect(canEditComment(admin, { userId: 2 })).toBe(false);
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

describe('calendar policy', () => {
  const window = { first: '2026-01-01', last: '2028-12-29' };
  it('locks holidays and weekends for everyone who marks leave', () => {
    // 2027-03-04 is a Thursday, 2027-03-06 a Saturday.
    expect(dayLockedReason('2027-03-04', { isHoliday: true })).toBe(
      CALENDAR_MESSAGES.holidayLocked,
    );
    expect(dayLockedReason('2027-03-06', { isHoliday: false })).toBe(
      CALENDAR_MESSAGES.weekendLocked,
    );
    expect(dayLockedReason('2027-03-04', { isHoliday: false })).toBeNull();
  });
  it('sets leave only within the window, its edges included', () => {
    expect(outsideLeaveWindow('2026-01-01', window)).toBeNull();
    expect(outsideLeaveWindow('2028-12-29', window)).toBeNull();
    for (const date of ['2025-12-31', '2028-12-30']) {
      expect(outsideLeaveWindow(date, window)).toBe(
        CALENDAR_MESSAGES.outsideWindow(window.first, window.last),
      );
    }
  });
  it('counts the window from today when none is given', () => {
    const { first, last } = leaveWindow();
    expect(outsideLeaveWindow(first)).toBeNull();
    expect(outsideLeaveWindow(last)).toBeNull();
    expect(outsideLeaveWindow('2000-01-03')).not.toBeNull();
  });
  it('lets only admins set holidays', () => {
    expect(canSetHolidays(admin)).toBe(true);
    expect(canSetHolidays(member)).toBe(false);
  });
});

describe('tournament policy', () => {
  it('lets only admins edit the bracket', () => {
    expect(canEditBracket(admin)).toBe(true);
    expect(canEditBracket(member)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { nextLeaveType } from './calendar-texts';
import { dateSchema, timeSchema, yearSchema } from './dates';
import { daysInMonth, isWeekend } from './dates-texts';
import { matchInputSchema, scoreSchema } from './tournament';
import { nextSlotOf, parseScore } from './tournament-texts';

describe('dates', () => {
  it.each(['2027-03-03', '2028-02-29', '2000-01-01', '2100-12-31'])('accepts %s', (date) => {
    expect(dateSchema.safeParse(date).success).toBe(true);
  });

  it.each(['2027-02-29', '2027-02-30', '2027-04-31', '2027-13-01', '1999-12-31', '2101-01-01'])(
    'refuses %s',
    (date) => {
      expect(dateSchema.safeParse(date).success).toBe(false);
    },
  );

  it('knows month lengths, weekends, times and years', () => {
    expect([daysInMonth(2027, 2), daysInMonth(2028, 2), daysInMonth(2027, 4)]).toEqual([
      28, 29, 30,
    ]);
    expect([isWeekend('2027-03-06'), isWeekend('2027-03-07'), isWeekend('2027-03-08')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(['00:00', '23:59'].map((t) => timeSchema.safeParse(t).success)).toEqual([true, true]);
    expect(['24:00', '9:30', '12:60'].some((t) => timeSchema.safeParse(t).success)).toBe(false);
    expect(yearSchema.safeParse('2027').data).toBe(2027);
    expect(yearSchema.safeParse('1e3').success).toBe(false);
  });

  it('cycles a leave day empty → sick → unpaid → empty (SPEC §4)', () => {
    expect([nextLeaveType(null), nextLeaveType('sick'), nextLeaveType('unpaid')]).toEqual([
      'sick',
      'unpaid',
      null,
    ]);
  });
});

describe('the bracket', () => {
  it('sends round 1 winners to round 2 by halves and parity, round 2 to the final', () => {
    expect([0, 1, 2, 3].map((i) => nextSlotOf('round1', i))).toEqual([
      { round: 'round2', matchIndex: 0, slot: 'team1Id' },
      { round: 'round2', matchIndex: 0, slot: 'team2Id' },
      { round: 'round2', matchIndex: 1, slot: 'team1Id' },
      { round: 'round2', matchIndex: 1, slot: 'team2Id' },
    ]);
    expect(nextSlotOf('round2', 1)).toEqual({ round: 'final', matchIndex: 0, slot: 'team2Id' });
    expect(nextSlotOf('final', 0)).toBeNull();
  });

  it('reads scores 0-99 a side', () => {
    expect(scoreSchema.parse('07:3')).toBe('7:3');
    expect(scoreSchema.parse('')).toBeNull();
    expect(['100:0', '1-0', 'a:b'].some((s) => scoreSchema.safeParse(s).success)).toBe(false);
    expect(parseScore('16:14')).toEqual([16, 14]);
  });

  it('checks a match against itself: index bounds, players, winner and score', () => {
    const base = { round: 'round1', matchIndex: 0, team1Id: 1, team2Id: 2 };
    const fieldOf = (patch: object) =>
      matchInputSchema.safeParse({ ...base, ...patch }).error?.issues[0]?.path[0];
    expect(fieldOf({})).toBeUndefined();
    expect(fieldOf({ round: 'final', matchIndex: 1 })).toBe('matchIndex');
    expect(fieldOf({ team2Id: 1 })).toBe('team2Id');
    expect(fieldOf({ winnerId: 3 })).toBe('winnerId');
    expect(fieldOf({ winnerId: 2, score: '2:1' })).toBe('score');
    expect(fieldOf({ winnerId: 2, score: '1:1' })).toBe('winnerId');
    expect(fieldOf({ winnerId: 2, score: '1:2' })).toBeUndefined();
    expect(fieldOf({ winnerId: 2 })).toBe('winnerId');
  });
});

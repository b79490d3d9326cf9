import { describe, expect, it } from 'vitest';
import { ageStatus } from './constants';

describe('age status (SPEC §4)', () => {
  it.each([
    [null, 'Not born yet!'],
    [1, 'Happy child!'],
    [20, 'Happy child!'],
    [21, "You're young - everything is ahead!"],
    [30, "You're young - everything is ahead!"],
    [31, 'Time to get serious!'],
    [41, 'Time to get serious!'],
    [42, 'You can be proud of yourself!'],
    [50, 'You can be proud of yourself!'],
    [51, 'Time to travel!'],
    [60, 'Time to travel!'],
    [61, "I don't live that long..."],
    [71, "I don't live that long..."],
    [72, 'Beyond dimensions'],
  ])('age %s reads %s', (age, status) => {
    expect(ageStatus(age)).toBe(status);
  });
});

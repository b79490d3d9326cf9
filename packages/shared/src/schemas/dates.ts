import { z } from 'zod';
import { DATE_LIMITS, DATE_MESSAGES, DATE_PATTERN, dateParts } from './dates-texts';
import { fromDigits, textInput } from './primitives';

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const yearInRange = (year: number) => year >= DATE_LIMITS.yearMin && year <= DATE_LIMITS.yearMax;

/** A real day ('YYYY-MM-DD', no 30 February) within DATE_LIMITS; length before pattern. */
export const dateSchema = textInput({ error: DATE_MESSAGES.format })
  .max(10, { error: DATE_MESSAGES.format, abort: true })
  .regex(DATE_PATTERN, { error: DATE_MESSAGES.format, abort: true })
  .refine((value) => dateParts(value) !== null, { error: DATE_MESSAGES.notReal, abort: true })
  .refine((value) => yearInRange(Number(value.slice(0, 4))), { error: DATE_MESSAGES.yearRange });

/** A time of day, 'HH:MM' on the 24-hour clock. */
export const timeSchema = textInput({ error: DATE_MESSAGES.timeFormat })
  .max(5, { error: DATE_MESSAGES.timeFormat, abort: true })
  .regex(TIME_PATTERN, { error: DATE_MESSAGES.timeFormat });

/** A year the calendar shows, as a query parameter. */
export const yearSchema = fromDigits(
  z
    .number({ error: DATE_MESSAGES.yearRange })
    .int(DATE_MESSAGES.yearRange)
    .min(DATE_LIMITS.yearMin, DATE_MESSAGES.yearRange)
    .max(DATE_LIMITS.yearMax, DATE_MESSAGES.yearRange),
);

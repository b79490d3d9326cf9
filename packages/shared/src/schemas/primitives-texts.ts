// Kept apart from the schemas so code that only needs these does not pull in zod.
import { LIMITS } from '../constants';

export const ID_MESSAGE = `Invalid id: a whole number from 1 to ${LIMITS.idMax}`;

export const NUL_MESSAGE = 'Text must not contain a NUL character';

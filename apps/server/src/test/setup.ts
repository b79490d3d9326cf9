import { setPasswordCost } from '../lib/passwords';

/** argon2id's least cost: the DESIGN's is for attackers, not for the thousands of test members. */
export const TEST_PASSWORD_COST = { memoryCost: 8, timeCost: 1 };
setPasswordCost(TEST_PASSWORD_COST);

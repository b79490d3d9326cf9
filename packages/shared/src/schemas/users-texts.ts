// Kept apart from the schemas so code that only needs these does not pull in zod.
import { LIMITS } from '../constants';

/** SPEC §5 and §8 texts for profiles and settings, verbatim where the spec gives them. */
export const PROFILE_MESSAGES = {
  enterUsername: 'Enter username',
  enterFullName: 'Enter full name',
  fullNameTooLong: `Maximum ${LIMITS.fullNameMax} characters`,
  enterAge: 'Enter age',
  agePositive: 'Age must be a positive number',
  enterBio: 'Enter bio',
  bioTooLong: `Maximum ${LIMITS.bioMax} characters`,
  fillAllPasswordFields: 'Fill in all password fields',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordStrength:
    'Password must be at least 8 characters, include uppercase, lowercase, number and special character',
  currentPasswordWrong: 'Current password is incorrect',
  errorLoadingUser: 'Error loading user data',
  errorUpdatingProfile: 'Error updating profile',
  errorChangingPassword: 'Error changing password',
  errorDeletingAccount: 'Error deleting account',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Your account has been deleted forever.',
  authorizationRequired: 'Authorization required',
  errorLoadingProfile: 'Error loading profile',
  userNotFound: 'User not found',
  noInformation: 'No information',
} as const;

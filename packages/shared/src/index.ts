export * from './constants';
export * from './schemas/errors';
export * from './schemas/auth';
export * from './schemas/users';

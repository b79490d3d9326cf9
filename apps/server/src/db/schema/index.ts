export * from './users';
export * from './auth';
export * from './posts';
export * from './uploads';
export * from './follows';
export * from './messages';
export * from './money';

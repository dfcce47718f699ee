export * from './client';
export { newLoginAttempt } from './attempt';

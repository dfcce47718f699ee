export * from './users';
export * from './courses';
export * from './content';
export * from './orders';
export * from './system';
export * from './waitlist';
export { newId } from './columns';
export * from './care';
export * from './images';

/**
 * The API contract: every route's params, query, body and response come from here, so the server cannot send a
 * field nobody declared and the web reads typed data. Field names keep the spec's (§3) shape, `_id` included.
 * One file per feature; a new feature adds its file here.
 */
export * from './common';
export * from './places';
export * from './courses';
export * from './auth';
export * from './users';
export * from './faqs';
export * from './seasons';
export * from './terms';
export * from './contact';
export * from './booking';
export * from './calendars';
export * from './profiles';
export * from './emails';
export * from './sessions';
export * from './children';
export * from './invites';
export * from './orders';
export * from './statistics';
export * from './waitlist';
export * from './care';
export * from './cancellation-rules';
export * from './settings';
export * from './changes';
export * from './waiting-room';
export * from './status';

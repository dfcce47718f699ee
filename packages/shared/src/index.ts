export * from './ids';
export * from './constants';
export * from './site-config';
export * from './errors';
export * from './api';
export * from './format';
export * from './demo-persons';
export * from './payment-status';

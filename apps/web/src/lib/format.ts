// The shared, pure formatters (packages/shared/src/format.ts) under the web's usual import path.
export * from '@shared/format';

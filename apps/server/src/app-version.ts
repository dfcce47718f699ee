import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_VERSION_FALLBACK } from '@app/shared';

let cached: string | undefined;

/** The product version from the root package.json (spec: shown to developers in the footer). */
export function appVersion(): string {
  if (cached) return cached;
  try {
    const file = fileURLToPath(new URL('../../../package.json', import.meta.url));
    const version: unknown = JSON.parse(readFileSync(file, 'utf8')).version;
    cached = typeof version === 'string' && version ? version : APP_VERSION_FALLBACK;
  } catch {
    cached = APP_VERSION_FALLBACK;
  }
  return cached;
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { siteConfigFromEnv } from '@shared/site-config';

vi.stubGlobal('__SITE__', siteConfigFromEnv({}));
const { routeModules } = await import('./routes');

describe('routeModules', () => {
  it('names a source file that exists for every server-rendered route (its modulepreload links come from it)', () => {
    const webRoot = fileURLToPath(new URL('../../', import.meta.url));
    for (const file of Object.values(routeModules)) expect(existsSync(webRoot + file), file).toBe(true);
  });
});

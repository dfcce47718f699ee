import { z } from 'zod';
import { norwegianZodMessage } from './zod-messages';

/**
 * The contract's zod: every schema in packages/shared imports `z` from here, so wherever a schema exists (the web
 * app's forms, the server's routes, a test) zod speaks Norwegian (./zod-messages.ts). It is installed as zod's
 * locale, which replaces the English one; zod keeps that setting on `globalThis`, so it holds for the whole process
 * and for every copy of zod in a bundle.
 */
z.config({ localeError: norwegianZodMessage });

export { z };

import { z } from 'zod';
import { norwegianZodMessage } from './zod-messages';

/** The contract's zod, speaking Norwegian: the locale is kept on `globalThis`, so it holds for every copy of zod. */
z.config({ localeError: norwegianZodMessage });

export { z };

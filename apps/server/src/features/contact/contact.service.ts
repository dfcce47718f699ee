import type { ContactInput } from '@app/shared';
import { withTx, type ServiceContext } from '../../context';
import { enqueueEmail } from '../../integrations/email';
import * as content from '../../repos/content.repo';

/** Stores the message and queues the e-mail to the company in one transaction: both or neither. */
export async function submitContactMessage(ctx: ServiceContext, input: ContactInput): Promise<{ ok: true }> {
  await withTx(ctx, async (ctx) => {
    await content.insertContactMessage(ctx.db, input);
    await enqueueEmail(ctx.db, {
      to: ctx.env.site.contactEmail,
      subject: `Ny henvendelse fra kontaktskjemaet: ${input.name}`,
      text: [
        'Ny melding fra kontaktskjemaet på nettsiden.',
        '',
        `Navn: ${input.name}`,
        `E-post: ${input.email}`,
        '',
        'Melding:',
        input.message,
      ].join('\n'),
    });
  });
  return { ok: true };
}

import type { ContactInput } from '@app/shared';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import * as repo from './contact.repo';

/** Stores the message and queues the e-mail to the company in one transaction: both or neither. */
export async function submitContactMessage(db: Db, input: ContactInput, companyEmail: string): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    await repo.insertContactMessage(tx, input);
    await enqueueEmail(tx, {
      to: companyEmail,
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

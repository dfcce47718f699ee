import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contactMessages, faqs, terms } from '../db/schema';

/** Site content: FAQs, terms and conditions, and the messages of the contact form. Only this repo queries them. */

export function listFaqs(db: DbOrTx) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.position), asc(faqs.createdAt), asc(faqs.id));
}

export async function faqExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: faqs.id }).from(faqs).where(eq(faqs.id, id)).limit(1);
  return !!row;
}

export async function termExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: terms.id }).from(terms).where(eq(terms.id, id)).limit(1);
  return !!row;
}

export function listTerms(db: DbOrTx) {
  return db
    .select({ id: terms.id, category: terms.category, text: terms.text, priority: terms.priority })
    .from(terms)
    .orderBy(desc(terms.priority), asc(terms.category), asc(terms.createdAt), asc(terms.id));
}

export async function insertContactMessage(db: DbOrTx, message: { name: string; email: string; message: string }): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}

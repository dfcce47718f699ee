import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxQuerySchema } from '@app/shared';
import { listRecent } from '../../integrations/email/outbox.repo';

/** GET /admin/outbox: what the site has sent (or kept, without SMTP): invites, receipts, contact messages. */
export const emailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    { config: { access: 'admin' }, schema: { querystring: outboxQuerySchema, response: { 200: outboxListSchema } } },
    async (request) => {
      const rows = await listRecent(app.db, request.query.limit);
      return rows.map((row) => ({
        _id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        attachments: (row.attachments as { filename?: string }[]).map((a) => ({ filename: String(a.filename ?? '') })),
      }));
    },
  );
};

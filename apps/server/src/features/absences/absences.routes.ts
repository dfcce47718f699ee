import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  absenceInputSchema,
  absenceReportedSchema,
  courseAbsenceSettingsSchema,
  courseAbsencesSchema,
  giveTokenInputSchema,
  familyAbsencesSchema,
  idParamsSchema,
  makeupInputSchema,
  makeupOptionsSchema,
  makeupTokenSchema,
} from '@app/shared';
import { z } from 'zod';
import { ctxOf } from '../../context';
import { errorResponses } from '../../plugins/errors';
import type { Feature } from '../feature';
import * as service from './absences.service';

/** Issue 58: 'Meld fravær', make-up tokens and make-up dates (decision 061). */
export const absencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles/:id/absences',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: familyAbsencesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } } },
    (request) => service.familyAbsences(ctxOf(request), request.params.id),
  );
  app.post(
    '/children/:id/absences',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: absenceInputSchema,
        response: { 200: absenceReportedSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NOT_A_COURSE_DATE', 'ABSENCE_DATE_PASSED', 'ABSENCES_OFF', 'ALREADY_ABSENT') },
      },
    },
    (request) => service.reportAbsence(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/absences/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: z.object({ _id: z.string() }), ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'ABSENCE_UNDO_TOO_LATE', 'ABSENCE_PLACE_TAKEN', 'TOKEN_SPENT') } },
    },
    (request) => service.undoAbsence(ctxOf(request), request.params.id),
  );
  app.get(
    '/tokens/:id/makeup-options',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: makeupOptionsSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TOKEN_NOT_USABLE') } } },
    (request) => service.makeupOptions(ctxOf(request), request.params.id),
  );
  app.post(
    '/tokens/:id/makeups',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: makeupInputSchema,
        response: { 200: makeupTokenSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TOKEN_NOT_USABLE', 'MAKEUP_NOT_FITTING', 'MAKEUP_DATE_FULL', 'BUSY') },
      },
    },
    (request) => service.bookMakeup(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/makeups/:id',
    { config: { access: 'user' }, schema: { params: idParamsSchema, response: { 200: makeupTokenSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'MAKEUP_CANCEL_TOO_LATE') } } },
    (request) => service.cancelMakeup(ctxOf(request), request.params.id),
  );
  // The school's controls (admins).
  app.get(
    '/courses/:id/absences',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: courseAbsencesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } } },
    (request) => service.courseAbsences(ctxOf(request), request.params.id),
  );
  app.put(
    '/courses/:id/absence-settings',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: courseAbsenceSettingsSchema, response: { 200: courseAbsencesSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND') } },
    },
    (request) => service.setCourseAbsenceSettings(ctxOf(request), request.params.id, request.body),
  );
  app.post(
    '/children/:id/tokens',
    {
      config: { access: 'admin' },
      schema: { params: idParamsSchema, body: giveTokenInputSchema, response: { 200: makeupTokenSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CHILD_NOT_IN_COURSE') } },
    },
    (request) => service.giveToken(ctxOf(request), request.params.id, request.body),
  );
  app.delete(
    '/tokens/:id',
    { config: { access: 'admin' }, schema: { params: idParamsSchema, response: { 200: makeupTokenSchema, ...errorResponses('VALIDATION', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'TOKEN_SPENT') } } },
    (request) => service.withdrawToken(ctxOf(request), request.params.id),
  );
};

export const absencesFeature: Feature = { name: 'absences', routes: [absencesRoutes] };

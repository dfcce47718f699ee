import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTIONS, allowed, can, filterAccess, requireAccess, requireAllowed, type Action, type RoleAction } from '../../access/access';
import { contextFor, toViewer, type Viewer } from '../../context';
import { and, eq, like } from 'drizzle-orm';
import { children, invites, orderEvents, outbox, waitlistEntries } from '../../db/schema';
import { createCourse, createFamily, createOrder, createUser } from '../builders';
import { listPhotos } from '../../repos/places.repo';
import { insertTestPhoto, testPhoto } from '../images';
import { AppError } from '../../lib/app-error';
import { apiRoutesOf, type RecordedRoute } from './route-table';
import { authHeader, countRows, createFixtures, ROLES, SECRET_NAMES, type Fixtures, type Role } from './fixtures';
import { createSecurityApp } from './security-app';

vi.mock('fastify', async (importOriginal) =>
  (await import('./route-table')).withRouteRecorder(await importOriginal<typeof import('fastify')>()),
);

/**
 * The access matrix: every route of the server (read from Fastify's own route table) against ONE table of the
 * status each kind of caller gets. A route without a row, or a row without a route, fails the first test by name.
 *
 * Columns: anonymous, parent A (owns the family/order/child addressed), parent B (another family), the instructor
 * of the course addressed, an instructor of another course, admin.
 *
 * `object: 'familyA'` marks rows that address parent A's things by id: parent B must get 403/404 there (checked
 * on the table itself, so a row cannot encode a leak), and no response to anonymous, parent B or the other
 * instructor may contain parent A's child's name or e-mail (checked over every response of the run).
 */
type Statuses = readonly [anonymous: number, parentA: number, parentB: number, instructor: number, instructorOther: number, admin: number];
interface Row {
  expect: Statuses;
  /** The request (url with ids filled in, query, body); default: the route's url as it is. */
  req?: (fx: Fixtures, role: Role) => Partial<InjectOptions> | Promise<Partial<InjectOptions>>;
  object?: 'familyA' | 'course';
  note?: string;
}

const all = (status: number): Statuses => [status, status, status, status, status, status];
const loggedIn = (status: number): Statuses => [401, status, status, status, status, status];
const adminOnly: Statuses = [401, 403, 403, 403, 403, 200];

const created: Statuses = [401, 403, 403, 403, 403, 201];
/** The course's own instructor and admin: 200; everyone else refused (spec §7: 403). */
const ownInstructor: Statuses = [401, 403, 403, 200, 403, 200];
const placeBody = (name: string) => ({ name, address: 'Badeveien 1', zipCode: '0150', place: 'Oslo', info: '', published: true, image: null });
const courseBody = (placeId: string, instructors: string[], maximumParticipants = 8) => ({
  name: 'Matrisekurs',
  placeId,
  dates: [new Date(Date.now() + 14 * 86_400_000).toISOString()],
  timeFrom: '09:00',
  timeTo: '09:30',
  experienceLevel: 'Nybegynner',
  participantsAge: '1–2 år',
  ageMinMonths: 12,
  ageMaxMonths: 35,
  lateBookingMaxPassed: null,
  proRata: true,
  price: 1950,
  maximumParticipants,
  instructors,
  info: '',
  published: true,
});

const contactBody = { name: 'Test Testesen', email: 'test@example.no', message: 'Hei! Har dere ledige plasser?' };

// prettier-ignore
const MATRIX: Record<string, Row> = {
  'GET /api/health':                 { expect: all(200) },
  'GET /api/config':                 { expect: all(200) },
  'GET /api/vipps/login':            { expect: all(200), note: 'login start (simulator)' },
  'GET /api/vipps/token':            { expect: all(401), note: 'no state: LOGIN_STATE_INVALID for everyone' },
  'GET /api/users/me':               { expect: loggedIn(200) },
  // ---- test-only (E2E_TEST_ENDPOINTS=1, decision 052): a new person of their own for anyone on this machine; a 404
  // from any other address (test-people.integration.test.ts)
  'POST /api/test/people':           { expect: all(200), req: () => ({ payload: {} }), note: 'loopback only; never mounted by npm start' },
  // ---- the viewer's own sessions (issue 9): nobody can name another user's session; ending uses a spare one
  'GET /api/users/me/sessions':      { expect: loggedIn(200) },
  'DELETE /api/users/me/sessions':   { expect: loggedIn(200), req: async (fx, role) => ({ headers: authHeader(await fx.throwawayToken(role)) }), note: "'Logg ut overalt' as a new user of the role" },
  'DELETE /api/users/me/sessions/current': { expect: loggedIn(200), req: async (fx, role) => ({ headers: authHeader(await fx.freshToken(role)) }), note: 'logout of a spare session' },
  'GET /api/users/instructors':      { expect: all(200) },
  'GET /api/places':                 { expect: all(200) },
  'GET /api/places/:id':             { expect: [404, 404, 404, 404, 404, 200], req: (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}` }), note: 'unpublished place: admin only' },
  'GET /api/places/:id/courses':     { expect: [404, 404, 404, 404, 404, 200], req: (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}/courses` }), note: 'unpublished place: admin only' },
  'GET /api/courses':                { expect: all(200), object: 'course', req: (fx) => ({ query: { pId: fx.place.id, populate: 'true' } }) },
  'GET /api/faqs':                   { expect: all(200) },
  'GET /api/terms-and-conditions':   { expect: all(200) },
  // ---- content editing (admin): faq.write / term.write; the DELETE rows delete their own fixtures
  'POST /api/faqs':                  { expect: [401, 403, 403, 403, 403, 201], req: () => ({ payload: { question: 'Nytt spørsmål?', answer: 'Svar.' } }) },
  'PUT /api/faqs/order':             { expect: [401, 403, 403, 403, 403, 200], req: async (fx) => ({ payload: { ids: (await fx.faqIds()).reverse() } }) },
  'PATCH /api/faqs/:id':             { expect: [401, 403, 403, 403, 403, 200], req: (fx) => ({ url: `/api/faqs/${fx.faq.id}`, payload: { answer: 'Nytt svar.' } }) },
  'DELETE /api/faqs/:id':            { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/faqs/${fx.faqToDelete.id}` }) },
  'POST /api/terms-and-conditions':  { expect: [401, 403, 403, 403, 403, 201], req: () => ({ payload: { category: 'Betaling', text: 'Ny regel.' } }) },
  'PATCH /api/terms-and-conditions/:id': { expect: [401, 403, 403, 403, 403, 200], req: (fx) => ({ url: `/api/terms-and-conditions/${fx.term.id}`, payload: { priority: 3 } }) },
  'DELETE /api/terms-and-conditions/:id': { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/terms-and-conditions/${fx.termToDelete.id}` }) },
  'GET /api/terms-and-conditions/versions': { expect: adminOnly },
  // ---- the school's seasons (decision 053): admins; season.write for one season
  'GET /api/seasons':                { expect: adminOnly },
  'POST /api/seasons':               { expect: created, req: () => ({ payload: { name: 'Vår 2092', startsOn: '2092-01-01', endsOn: '2092-06-30' } }) },
  'PATCH /api/seasons/:id':          { expect: adminOnly, req: (fx) => ({ url: `/api/seasons/${fx.season.id}`, payload: { name: 'Høsten 2090', startsOn: fx.season.startsOn, endsOn: fx.season.endsOn } }) },
  'DELETE /api/seasons/:id':         { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/seasons/${fx.seasonToDelete.id}` }) },
  // ---- the ladder (decision 057): everyone signed in reads it; admins change it (level.write, skill.write)
  // ---- 'Behold plassen' (decision 060): admins open and follow a rollover; a family answers its own offers
  'GET /api/rollovers/plan':         { expect: adminOnly, req: (fx) => ({ query: { seasonId: fx.season.id } }) },
  'GET /api/rollovers':              { expect: adminOnly },
  'POST /api/rollovers':             { expect: created, req: (fx) => ({ payload: { seasonId: fx.season.id, replyBy: new Date(Date.now() + 86_400_000).toISOString(), mappings: [{ fromCourseId: fx.rolloverFrom.id, toCourseId: fx.rolloverTo.id }] } }) },
  'GET /api/rollover-offers/mine':   { expect: loggedIn(200) },
  'POST /api/rollover-offers/:id/decline': { expect: [401, 204, 404, 404, 404, 204], object: 'familyA', req: async (fx) => ({ url: `/api/rollover-offers/${await fx.freshRolloverOffer()}/decline` }) },
  'GET /api/levels':                 { expect: loggedIn(200) },
  'POST /api/levels':                { expect: adminOnly, req: () => ({ payload: { name: 'Matrisenivå ny' } }) },
  'PUT /api/levels/order':           { expect: adminOnly, req: async (fx) => ({ payload: { ids: (await fx.levelIds()).reverse() } }) },
  'PATCH /api/levels/:id':           { expect: adminOnly, req: (fx) => ({ url: `/api/levels/${fx.ladder[1]!.id}`, payload: { name: 'Matrisenivå to' } }) },
  'DELETE /api/levels/:id':          { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/levels/${fx.levelToDelete.id}` }) },
  'POST /api/levels/:id/skills':     { expect: adminOnly, req: (fx) => ({ url: `/api/levels/${fx.ladder[1]!.id}/skills`, payload: { description: 'Hopper fra kanten' } }) },
  'PUT /api/levels/:id/skills/order': { expect: adminOnly, req: (fx) => ({ url: `/api/levels/${fx.ladder[0]!.id}/skills/order`, payload: { ids: [...fx.ladder[0]!.skillIds].reverse() } }) },
  'PATCH /api/skills/:id':           { expect: adminOnly, req: (fx) => ({ url: `/api/skills/${fx.ladder[1]!.skillIds[0]}`, payload: { description: 'Svømmer 10 meter' } }) },
  'DELETE /api/skills/:id':          { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/skills/${fx.ladder[1]!.skillIds[1]}` }) },
  // ---- progress (decision 057): the course's instructors mark; the child's guardians, its instructors and admins read
  'GET /api/courses/:id/progress':   { expect: ownInstructor, req: (fx) => ({ url: `/api/courses/${fx.course.id}/progress` }) },
  'POST /api/courses/:id/skill-marks': { expect: ownInstructor, req: (fx) => ({ url: `/api/courses/${fx.course.id}/skill-marks`, payload: { marks: [{ childId: fx.familyA.children[0]!.id, skillId: fx.ladder[0]!.skillIds[0], state: 'Øver', madeAt: new Date().toISOString() }] } }) },
  'PUT /api/courses/:id/progress/:childId': { expect: ownInstructor, req: (fx) => ({ url: `/api/courses/${fx.course.id}/progress/${fx.familyA.children[0]!.id}`, payload: { comment: 'Flink i vannet.', recommendedLevelId: null } }) },
  'GET /api/children/:id/progress':  { expect: [401, 200, 403, 200, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/progress` }), note: 'the instructor teaches the child' },
  'GET /api/children/:id/courses/:courseId/certificate': { expect: [401, 200, 403, 200, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/courses/${fx.finishedCourse.id}/certificate` }) },
  'GET /api/terms-and-conditions/versions/:version': { expect: adminOnly, req: () => ({ url: '/api/terms-and-conditions/versions/1' }), note: 'version 1 exists after the rows above' },
  'GET /api/users/by-registration-date': { expect: adminOnly, req: () => ({ query: { startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-12-31T23:59:59.999Z' } }) },
  'POST /api/contact':               { expect: all(200), req: () => ({ payload: contactBody }) },
  // ---- profiles and children: parent A's family; its guardians and admin only (the spec's 403 for others)
  'GET /api/profiles':               { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ query: { pId: fx.parentA.id } }) },
  'GET /api/profiles/:id':           { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}` }) },
  'POST /api/users/children':        { expect: [401, 201, 403, 403, 403, 201], object: 'familyA', req: (fx) => ({ payload: { child: { firstName: 'Ny', lastName: 'Baby', birthdate: '2025-01-01' }, profileId: fx.familyA.profile.id } }) },
  'PATCH /api/users/:id':           { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/users/${fx.familyA.children[0]!.id}`, payload: { firstName: SECRET_NAMES.childFirst } }), note: 'a child of A (its name kept)' },
  'DELETE /api/users/:id':          { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: async (fx) => ({ url: `/api/users/${await spareChild(fx)}` }), note: 'a fresh child of A per caller' },
  'GET /api/users/courses':         { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ query: { cIds: fx.familyA.children[0]!.id } }) },
  'GET /api/users/me/data':         { expect: loggedIn(200) },
  'PATCH /api/profiles/:id':        { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}`, payload: { parents: [fx.parentA.id] } }) },
  'GET /api/profiles/:id/overview': { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/overview` }) },
  // ---- a child's care details and health note (issue 39): the family; the admin opening the child (logged)
  'GET /api/children/:id/care':     { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/care` }), note: 'the admin’s reading of the note is logged' },
  'PUT /api/children/:id/care':     { expect: [401, 200, 403, 403, 403, 403], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/care`, payload: { emergencyName: 'Nød Kontakt', emergencyPhone: '90000001', healthNote: SECRET_NAMES.healthNote, healthConsent: true, photoConsent: false } }), note: 'the consent is the guardians’ to give: not the admin' },
  'GET /api/children/:id/health-note/reads': { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/health-note/reads` }), note: 'the read log' },
  'GET /api/courses/:id/participants/:userId/health-note': { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.course.id}/participants/${fx.familyA.children[0]!.id}/health-note` }), note: 'the course’s instructor taps the mark (logged)' },
  'GET /api/courses/:id/health-notes': { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.course.id}/health-notes` }), note: "a print with 'Ta med helseopplysninger' (logged)" },
  // ---- invites: A's profile; the invitee is nobody here, so answering is 404 for all
  'GET /api/invites/user/:id/pending': { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/invites/user/${fx.parentA.id}/pending` }) },
  'GET /api/invites/profile/:id':   { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/invites/profile/${fx.familyA.profile.id}` }) },
  'POST /api/invites':              { expect: [401, 201, 403, 403, 403, 201], object: 'familyA', req: (fx, role) => ({ payload: { profileId: fx.familyA.profile.id, email: `matrix-${role}@example.no` } }) },
  'PATCH /api/invites/:id':         { expect: [401, 404, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/invites/${fx.inviteA.id}`, payload: { status: 'accepted' } }) },
  'DELETE /api/invites/:id':        { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: async (fx, role) => ({ url: `/api/invites/${await spareInvite(fx, role)}` }), note: 'a fresh invite of A per caller' },
  'POST /api/invites/link':         { expect: [401, 404, 404, 404, 404, 404], object: 'familyA', req: () => ({ payload: { secret: 'A'.repeat(43) } }), note: 'no invite has that secret' },
  'POST /api/invites/:id/confirm':  { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: async (fx, role) => ({ url: `/api/invites/${await spareInvite(fx, role, true)}/confirm` }), note: 'a fresh invite of A per caller, asked for by a fresh user' },
  'POST /api/invites/:id/undo':     { expect: [401, 409, 403, 403, 403, 409], object: 'familyA', req: (fx) => ({ url: `/api/invites/${fx.inviteA.id}/undo` }), note: 'A’s invite is pending: past the access check, nothing to undo' },
  // ---- booking: each caller books parent A's child as themselves (admin: on A's behalf); only A's family may
  'POST /api/vipps/payment':         { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx, role) => ({ payload: { userId: role === 'admin' || role === 'anonymous' ? fx.parentA.id : fx[role].id, childId: fx.familyA.children[0]!.id, courseId: fx.otherCourse.id } }) },
  'GET /api/vipps/payment/:paymentId': { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx) => ({ url: `/api/vipps/payment/${fx.orderA.reference}` }) },
  'GET /api/vipps/price':            { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx, role) => ({ query: { userId: role === 'admin' || role === 'anonymous' ? fx.parentA.id : fx[role].id, childId: fx.familyA.children[0]!.id, courseId: fx.otherCourse.id } }), note: 'the discounts the dialog shows: who may book the child' },
  'POST /api/vipps/webhooks':        { expect: all(401), req: () => ({ payload: { reference: 'x', name: 'AUTHORIZED' } }), note: 'HMAC, not roles: unsigned is 401 for everyone' },
  'POST /api/calendars':             { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx) => ({ payload: { userId: fx.parentA.id, courseId: fx.course.id } }) },
  // ---- admin
  'GET /api/admin/outbox':           { expect: adminOnly },
  // ---- running the courses (issue 13): admin writes; participant data for admin and the course's own instructor
  'POST /api/places':                { expect: created, req: () => ({ payload: placeBody('Matrisebadet') }) },
  'PATCH /api/places/:id':           { expect: adminOnly, req: (fx) => ({ url: `/api/places/${fx.place.id}`, payload: placeBody(fx.place.name) }) },
  // ---- venue photos (issue 41): admin writes; the served images are public
  'POST /api/places/:id/photos':     { expect: created, req: async (fx) => ({ url: `/api/places/${fx.place.id}/photos?alt=Bassenget`, payload: await testPhoto(), headers: { 'content-type': 'image/jpeg' } }) },
  'PUT /api/places/:id/photos/:photoId': { expect: adminOnly, req: async (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}/photos/${(await insertTestPhoto(ctx.database.db, fx.unpublishedPlace.id)).id}`, payload: await testPhoto('png'), headers: { 'content-type': 'image/png' } }), note: 'a fresh photo per caller' },
  'PUT /api/places/:id/photos':      { expect: adminOnly, req: async (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}/photos`, payload: { photos: (await listPhotos(ctx.database.db, fx.unpublishedPlace.id)).reverse().map((p) => ({ _id: p.id, alt: 'Garderoben' })), coverId: null } }) },
  'DELETE /api/places/:id/photos/:photoId': { expect: adminOnly, req: async (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}/photos/${(await insertTestPhoto(ctx.database.db, fx.unpublishedPlace.id)).id}` }), note: 'a fresh photo per caller' },
  'GET /api/images/:hash/:variant':  { expect: all(200), req: async (fx) => ({ url: `/api/images/${(await insertTestPhoto(ctx.database.db, fx.unpublishedPlace.id)).hash}/w480.webp` }) },
  'POST /api/courses':               { expect: created, req: (fx) => ({ payload: courseBody(fx.place.id, [fx.instructor.id]) }) },
  'PATCH /api/courses/:id':          { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.otherCourse.id}?pop=true`, payload: courseBody(fx.place.id, [fx.instructorOther.id], 50) }) },
  'DELETE /api/courses/:id':         { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.emptyCourse.id}` }) },
  'POST /api/courses/:id/participants': { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.spareCourse.id}/participants`, payload: { id: fx.familyB.children[0]!.id } }) },
  'DELETE /api/courses/:id/participants/:userId': { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.otherCourse.id}/participants/${fx.familyB.children[0]!.id}?t=1` }) },
  'POST /api/courses/:id/participants/:userId/move': { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.spareCourse.id}/participants/${fx.spareCourse.participantChildIds[0]!}/move`, payload: { courseId: fx.otherCourse.id } }) },
  'GET /api/courses/:id/participants/candidates': { expect: adminOnly, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.course.id}/participants/candidates`, query: { name: SECRET_NAMES.childFirst } }), note: 'children by name for adding (issue 35)' },
  'GET /api/courses/:id/participants': { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.course.id}/participants` }) },
  'POST /api/courses/:id/attendance': { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.startedCourse.id}/attendance`, payload: { marks: [{ childId: fx.familyA.children[0]!.id, date: fx.startedCourse.dates[0]!.toISOString(), present: true, markedAt: new Date().toISOString() }] } }) },
  'GET /api/users/instructors/:id/courses': { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/users/instructors/${fx.instructor.id}/courses` }), note: 'the instructor’s own list; another instructor 403' },
  'GET /api/users/last-logged-in':   { expect: adminOnly, req: () => ({ query: { limit: '8' } }) },
  'GET /api/search/users':           { expect: adminOnly, req: () => ({ query: { name: 'parentazyx', categories: 'parents,children' } }), note: "admin finds parent A by a folded name" },
  'GET /api/payments':               { expect: adminOnly, req: () => ({ query: { limit: '24', status: 'captured' } }) },
  'POST /api/payments/:id/refund':   { expect: [401, 403, 403, 403, 403, 409], req: (fx) => ({ url: `/api/payments/${fx.orderA.id}/refund`, payload: { amount: 100, removeFromCourse: false, idempotencyKey: 'matrix-refund-1' } }), note: 'admin reaches the service: Vipps does not know the fixture order (ORDER_NOT_REFUNDABLE)' },
  'POST /api/payments/:id/cancel':   { expect: [401, 403, 403, 403, 403, 409], req: (fx) => ({ url: `/api/payments/${fx.orderA.id}/cancel`, payload: { removeFromCourse: false, idempotencyKey: 'matrix-cancel-1' } }), note: 'a captured order is refunded, not cancelled (ORDER_NOT_CANCELLABLE)' },
  // ---- the waitlist (issue 16): the family joins and leaves its own child's entries; the admin steers the lists
  'GET /api/waitlist/mine':          { expect: loggedIn(200) },
  'POST /api/courses/:id/waitlist':  { expect: [401, 201, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.fullCourse.id}/waitlist`, payload: { childId: fx.familyA.children[0]!.id } }), note: 'child.book: guardians only, no admin bypass' },
  'DELETE /api/waitlist/:id':        { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: async (fx) => ({ url: `/api/waitlist/${await spareEntry(fx)}` }), note: 'a fresh entry of A per caller' },
  'GET /api/waitlist':               { expect: adminOnly },
  'GET /api/courses/:id/waitlist':   { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.otherCourse.id}/waitlist` }) },
  'PUT /api/courses/:id/waitlist':   { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.spareCourse.id}/waitlist`, payload: { closed: false } }) },
  'POST /api/waitlist/:id/offer':    { expect: [401, 403, 403, 403, 403, 409], req: async (fx) => ({ url: `/api/waitlist/${await spareEntry(fx, fx.fullCourse.id)}/offer` }), note: 'admin reaches the service: the course is full (COURSE_FULL)' },
  'POST /api/waitlist/:id/skip':     { expect: adminOnly, req: async (fx) => ({ url: `/api/waitlist/${await spareEntry(fx, fx.fullCourse.id)}/skip` }) },
  'GET /api/courses/:id/priority':   { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.fullCourse.id}/priority` }) },
  'PUT /api/courses/:id/priority':   { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.fullCourse.id}/priority`, payload: { previousCourseIds: [fx.course.id], days: 7 } }) },
  // ---- retention (issue 39): the admin's dry run and log; the keep link is the secret itself (none matches here)
  'GET /api/admin/retention/plan':   { expect: adminOnly, note: 'the dry run changes nothing' },
  'GET /api/admin/retention/runs':   { expect: adminOnly },
  'POST /api/retention/keep/open':   { expect: all(404), req: () => ({ payload: { secret: 'B'.repeat(43) } }), note: 'no keep link has that secret' },
  'POST /api/retention/keep':        { expect: all(404), req: () => ({ payload: { secret: 'B'.repeat(43) } }), note: 'no keep link has that secret' },
  // ---- cancellation rules (issue 40): public to read, the admin makes a new version
  'GET /api/cancellation-rules':     { expect: all(200) },
  'PUT /api/cancellation-rules':     { expect: adminOnly, req: () => ({ payload: { fullRefundDaysBefore: 14, lateFee: { kind: 'percent', percent: 25 }, afterStart: 'none' } }) },
  'GET /api/cancellation-rules/versions': { expect: adminOnly },
  // ---- the versioned settings (decision 054): admins read every slice's history and make a new version of one
  'GET /api/settings':               { expect: adminOnly },
  'PUT /api/settings/:slice':        { expect: adminOnly, req: () => ({ url: '/api/settings/credit', payload: { months: 12 } }), note: 'the default again: a new version, same value' },
  // ---- a parent cancels a child's place (issue 40): own family only (admins refund in the back office)
  'GET /api/orders/:id/cancellation': { expect: [401, 200, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/orders/${fx.orderA.id}/cancellation` }) },
  'POST /api/orders/:id/cancellation': { expect: [401, 409, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/orders/${fx.orderA.id}/cancellation`, payload: { expectedRefund: 99_999_999 } }), note: 'parent A reaches the service: the amount differs from the preview (CONFLICT), nothing changes' },
  'GET /api/profiles/:id/payments':  { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/payments` }) },
  'GET /api/orders/:id/receipts/:eventId': { expect: [401, 404, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/orders/${fx.orderA.id}/receipts/${fx.orderA.id}` }), note: 'no such capture: parent A reaches the service (NOT_FOUND), the rest are refused the order; the PDF itself is checked in cancellation.integration.test.ts' },
  'GET /api/payments/bookkeeping':   { expect: adminOnly, req: () => ({ query: { from: '2026-01-01', to: '2026-01-31', format: 'csv' } }), note: 'the month-end file (issue 40)' },
  'GET /api/payments/reconciliation': { expect: adminOnly, req: () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }), note: 'the reconciliation view (issue 40)' },
  'POST /api/payments/reconciliation': { expect: adminOnly, req: () => ({ payload: { from: '2026-01-01', to: '2026-01-31' } }) },
  'POST /api/payments/incidents/:id/resolution': { expect: [401, 403, 403, 403, 403, 404], req: () => ({ url: '/api/payments/incidents/0000000000000000000000aa/resolution', payload: { outcome: 'paid-elsewhere', note: 'Betalt kontant' } }), note: 'resolving a payment incident (issue 52); admin reaches the service: no such incident (NOT_FOUND)' },
  'POST /api/payments/:id/cancellation-decision': { expect: [401, 403, 403, 403, 403, 409], req: (fx) => ({ url: `/api/payments/${fx.orderA.id}/cancellation-decision`, payload: { approve: false, message: 'Nei' } }), note: 'admin reaches the service: no open request (CONFLICT)' },
  // ---- when plans change (issue 38): the admin cancels dates; the family chooses; the family's own calendar address
  'POST /api/courses/:id/cancelled-dates': { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.spareCourse.id}/cancelled-dates`, payload: { date: fx.spareCourse.dates[2]!.toISOString(), reason: 'Svømmestevne' } }) },
  'POST /api/places/:id/closures':   { expect: adminOnly, req: (fx) => ({ url: `/api/places/${fx.unpublishedPlace.id}/closures`, payload: { day: '2020-01-06', reason: 'Bassenget er stengt' } }), note: 'no course there that day: nothing cancelled' },
  'GET /api/cancelled-dates':        { expect: adminOnly, note: 'the overview of coming cancelled dates (issue 53)' },
  'DELETE /api/cancelled-dates/:id': { expect: adminOnly, req: (fx) => ({ url: `/api/cancelled-dates/${fx.cancelledDateToUndo.id}` }), note: "'Angre' before the e-mails" },
  'POST /api/cancelled-dates/:id/announce': { expect: adminOnly, req: (fx) => ({ url: `/api/cancelled-dates/${fx.cancelledDateToAnnounce.id}/announce` }), note: "'Send e-post nå' (no participants: nobody is mailed)" },
  'GET /api/courses/:id/changes':    { expect: ownInstructor, object: 'familyA', req: (fx) => ({ url: `/api/courses/${fx.course.id}/changes` }), note: "cancelled dates, make-up children and who chose what" },
  'GET /api/changes/mine':           { expect: loggedIn(200) },
  'POST /api/changes/:id/choose':    { expect: [401, 404, 404, 404, 404, 404], req: () => ({ url: `/api/changes/${'0'.repeat(24)}/choose`, payload: { choice: 'credit' } }), note: "no such choice; another family's choice is 403 (changes.integration.test.ts)" },
  'POST /api/changes/open':          { expect: all(404), req: () => ({ payload: { secret: 'C'.repeat(43) } }), note: 'no choice has that secret' },
  'POST /api/changes/choose':        { expect: all(404), req: () => ({ payload: { secret: 'C'.repeat(43), choice: 'credit' } }), note: 'no choice has that secret' },
  // ---- discount codes (decision 058): admins keep them; a booking's guardian checks one (rate-limited)
  'GET /api/discount-codes':         { expect: adminOnly },
  'POST /api/discount-codes':        { expect: adminOnly, req: () => ({ payload: { code: 'MATRISENY', kind: 'amount', amountKr: 100, validFrom: '2027-01-01', validTo: '2027-12-31', maxUses: null, maxUsesPerFamily: 1 } }) },
  'PATCH /api/discount-codes/:id':   { expect: adminOnly, req: (fx) => ({ url: `/api/discount-codes/${fx.discountCode.id}`, payload: { kind: 'percent', percent: 10, validFrom: '2020-01-01', validTo: '2099-12-31', maxUses: null, maxUsesPerFamily: null, retired: false } }) },
  'DELETE /api/discount-codes/:id':  { expect: [401, 403, 403, 403, 403, 204], req: (fx) => ({ url: `/api/discount-codes/${fx.discountCodeToDelete.id}` }) },
  'GET /api/discount-codes/check':   { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx, role) => ({ query: { userId: role === 'admin' || role === 'anonymous' ? fx.parentA.id : fx[role].id, childId: fx.familyA.children[0]!.id, courseId: fx.otherCourse.id, code: 'matrise10' } }), note: 'who may book the child, as GET /api/vipps/price; the code in any case' },
  'POST /api/gift-cards':            { expect: all(200), req: () => ({ payload: { amount: 500, email: 'giver@example.no', giverName: 'Mormor', message: 'God jul!' } }), note: 'anyone buys a gift card (decision 059)' },
  'POST /api/gift-cards/status':     { expect: all(404), req: () => ({ payload: { reference: 'plask-unknown', code: 'AAAA-BBBB-CCCC' } }), note: 'only with the code the buying browser kept' },
  'POST /api/profiles/:id/gift-cards': { expect: [401, 404, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/gift-cards`, payload: { code: 'AAAA-BBBB-CCCC' } }), note: "parent A: no such card (GIFT_CARD_INVALID); others: not their family; redeemed: gift-cards.integration.test.ts" },
  'GET /api/profiles/:id/credit':    { expect: [401, 200, 404, 404, 404, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/credit` }) },
  'GET /api/profiles/:id/calendar-feed': { expect: [401, 200, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/calendar-feed` }), note: "the family's own address: not even an admin" },
  'POST /api/profiles/:id/calendar-feed': { expect: [401, 200, 404, 404, 404, 404], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/calendar-feed` }), note: 'a new address; the old one answers 404' },
  'GET /api/calendar-feeds/:file':   { expect: all(404), req: () => ({ url: `/api/calendar-feeds/${'D'.repeat(43)}.ics` }), note: 'the secret is the key: a guessed one is 404 for everyone' },
  'GET /api/users/me/reminders':     { expect: loggedIn(200) },
  'PUT /api/users/me/reminders':     { expect: loggedIn(200), req: () => ({ payload: { off: false } }), note: "the viewer's own setting only" },
  // ---- absences and make-up tokens (issue 58, decision 061): the family's own child; the school's controls
  'GET /api/profiles/:id/absences':  { expect: [401, 200, 403, 403, 403, 200], object: 'familyA', req: (fx) => ({ url: `/api/profiles/${fx.familyA.profile.id}/absences` }), note: "the family's coming dates, tokens and make-ups" },
  'POST /api/children/:id/absences': { expect: [401, 400, 403, 403, 403, 400], object: 'familyA', req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/absences`, payload: { courseId: fx.course.id, date: '2099-01-01T08:00:00.000Z', reason: 'sick' } }), note: 'a guardian or an admin reaches the service: not a date of the course (NOT_A_COURSE_DATE)' },
  'DELETE /api/absences/:id':        { expect: [401, 404, 404, 404, 404, 404], req: () => ({ url: `/api/absences/${'0'.repeat(24)}` }), note: "no such absence; another family's is 403 (absences.integration.test.ts)" },
  'GET /api/tokens/:id/makeup-options': { expect: [401, 404, 404, 404, 404, 404], req: () => ({ url: `/api/tokens/${'0'.repeat(24)}/makeup-options` }), note: 'no such token' },
  'POST /api/tokens/:id/makeups':    { expect: [401, 404, 404, 404, 404, 404], req: (fx) => ({ url: `/api/tokens/${'0'.repeat(24)}/makeups`, payload: { courseId: fx.course.id, date: '2099-01-01T08:00:00.000Z' } }), note: 'no such token' },
  'DELETE /api/makeups/:id':         { expect: [401, 404, 404, 404, 404, 404], req: () => ({ url: `/api/makeups/${'0'.repeat(24)}` }), note: 'no such make-up' },
  'GET /api/courses/:id/absences':   { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.course.id}/absences` }), note: "the course's absences and tokens" },
  'PUT /api/courses/:id/absence-settings': { expect: adminOnly, req: (fx) => ({ url: `/api/courses/${fx.spareCourse.id}/absence-settings`, payload: { absencesOff: false, makeupLimit: null } }), note: 'the defaults again' },
  'POST /api/children/:id/tokens':   { expect: [401, 403, 403, 403, 403, 404], req: (fx) => ({ url: `/api/children/${fx.familyA.children[0]!.id}/tokens`, payload: { courseId: fx.spareCourse.id, reason: 'Matrise' } }), note: 'admin reaches the service: the child is not on that course (CHILD_NOT_IN_COURSE)' },
  'DELETE /api/tokens/:id':          { expect: [401, 403, 403, 403, 403, 404], req: () => ({ url: `/api/tokens/${'0'.repeat(24)}` }), note: 'admin reaches the service: no such token' },
  // ---- enrolment night's waiting room (issue 37): the family's own ticket (bound to the login); the admin's night
  'GET /api/queue/courses/:id/position': { expect: loggedIn(200), req: (fx) => ({ url: `/api/queue/courses/${fx.course.id}/position` }), note: 'the caller’s own family’s ticket only; no opening time: state open' },
  'POST /api/queue/courses/:id/ticket': { expect: loggedIn(200), req: (fx) => ({ url: `/api/queue/courses/${fx.course.id}/ticket`, payload: {} }), note: 'no opening time: state open, nothing written' },
  'DELETE /api/queue/courses/:id/ticket': { expect: loggedIn(200), req: (fx) => ({ url: `/api/queue/courses/${fx.course.id}/ticket` }) },
  'PUT /api/queue/openings':         { expect: adminOnly, req: (fx) => ({ payload: { opensAt: null, courseIds: [fx.spareCourse.id] } }) },
  'PUT /api/queue/openings/:opensAt/rate': { expect: [401, 403, 403, 403, 403, 404], req: () => ({ url: `/api/queue/openings/${encodeURIComponent('2020-01-01T18:00:00.000Z')}/rate`, payload: { admitPerMinute: 60 } }), note: 'admin reaches the service: no such opening (NOT_FOUND)' },
  'GET /api/queue/live':             { expect: adminOnly },
  'GET /api/statistics/payments':    { expect: adminOnly, req: () => ({ query: { startDate: new Date(Date.now() - 30 * 86_400_000).toISOString(), endDate: new Date().toISOString() } }) },
};

/**
 * Routes whose body or target chooses another action than the MATRIX row tries (PATCH /users/:id renames a child
 * there; with `{roles}` it changes roles): the same columns, one row per variant. Checked like MATRIX rows.
 */
// prettier-ignore
const VARIANTS: Record<string, Row & { route: string }> = {
  'PATCH /api/users/:id {roles}':    { route: 'PATCH /api/users/:id', expect: adminOnly, req: async () => ({ url: `/api/users/${await spareUser()}`, payload: { roles: ['parent', 'instructor'] } }), note: 'spec §7: admin changes a user’s roles (a fresh user per caller)' },
  'GET /api/profiles?cId':          { route: 'GET /api/profiles', expect: [401, 403, 403, 200, 403, 200], object: 'familyA', req: (fx) => ({ query: { pop: '', cId: fx.familyA.children[0]!.id } }), note: 'spec §7: families by child ids; admin, and the instructor of the child’s course' },
  'DELETE /api/users/:id (a user)':  { route: 'DELETE /api/users/:id', expect: adminOnly, req: async () => ({ url: `/api/users/${await spareUser()}` }), note: 'spec §6: admin deletes any user (a fresh user per caller)' },
};

/** A guardian nothing else uses, for the variants that change or delete a user. */
async function spareUser(): Promise<string> {
  return (await createUser(ctx.database.db, { firstName: 'Reserve', lastName: 'Bruker' })).id;
}

/** A child of family A that nothing else uses, for the rows that delete. */
async function spareChild(fx: Fixtures): Promise<string> {
  const [row] = await ctx.database.db
    .insert(children)
    .values({ profileId: fx.familyA.profile.id, firstName: 'Reserve', lastName: 'Barn', birthdate: '2025-01-01' })
    .returning({ id: children.id });
  return row!.id;
}

/** An open waitlist entry of a fresh child of family A (on `courseId`, default the spare course), for rows that end it. */
async function spareEntry(fx: Fixtures, courseId = fx.spareCourse.id): Promise<string> {
  const childId = await spareChild(fx);
  const [row] = await ctx.database.db
    .insert(waitlistEntries)
    .values({ courseId, childId, userId: fx.parentA.id })
    .returning({ id: waitlistEntries.id });
  return row!.id;
}

/** A pending invite of family A that nothing else uses, for the rows that delete (or confirm: `claimed`). */
async function spareInvite(fx: Fixtures, role: Role, claimed = false): Promise<string> {
  const claimedById = claimed ? (await createUser(ctx.database.db)).id : null;
  const [row] = await ctx.database.db
    .insert(invites)
    .values({ profileId: fx.familyA.profile.id, email: `spare-${role}-${Math.random().toString(36).slice(2)}@example.no`, inviterId: fx.parentA.id, claimedById })
    .returning({ id: invites.id });
  return row!.id;
}

/** Fill `:id`-style params from the fixtures when a row gives no request of its own. */
function defaultRequest(route: string): Partial<InjectOptions> {
  const url = route.slice(route.indexOf(' ') + 1);
  return { url };
}

let ctx: Awaited<ReturnType<typeof createSecurityApp>>;
let fx: Fixtures;
let routes: RecordedRoute[];
/** Every response body, by role, for the leak check at the end. */
const bodies: Record<Role, { key: string; body: string }[]> = Object.fromEntries(ROLES.map((r) => [r, []])) as never;

beforeAll(async () => {
  ctx = await createSecurityApp();
  routes = apiRoutesOf(ctx.app);
  fx = await createFixtures(ctx.app, ctx.database.db);
});
afterAll(() => ctx?.close());

describe('access matrix', () => {
  it('has exactly one row per route of the server', () => {
    const actual = new Set(routes.map((r) => r.key));
    const table = new Set(Object.keys(MATRIX));
    const missing = [...actual].filter((k) => !table.has(k));
    const stale = [...table].filter((k) => !actual.has(k));
    const problems = [
      ...missing.map((k) => `route ${k} has no row in MATRIX (add its expected statuses)`),
      ...stale.map((k) => `MATRIX row ${k} names no route of the server (removed or renamed?)`),
    ];
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('declares the error answers of every route (errorResponses): 400, and 401/403 behind the role gate', () => {
    const missing: string[] = [];
    for (const route of routes) {
      // Every route refuses bad input (NUL characters in any field, malformed params) with 400.
      const needed = [400];
      if (route.access !== 'anonymous') needed.push(401);
      if (route.access === 'instructor' || route.access === 'admin') needed.push(403);
      for (const status of needed) if (!route.responses.includes(status)) missing.push(`${route.key} does not declare ${status}`);
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('never lets parent B reach parent A’s things (the table itself)', () => {
    const bad = Object.entries(MATRIX)
      .filter(([, row]) => row.object === 'familyA' && ![401, 403, 404].includes(row.expect[2]))
      .map(([key, row]) => `${key}: parent B expected ${row.expect[2]}; must be 403 or 404`);
    expect(bad, bad.join('\n')).toEqual([]);
  });

  // Owners and admin last, so that a route that changes or deletes its object is tried by everyone else first.
  const order: Role[] = ['anonymous', 'parentB', 'instructorOther', 'instructor', 'parentA', 'admin'];

  it('names only real routes in VARIANTS', () => {
    const actual = new Set(routes.map((r) => r.key));
    const stale = Object.entries(VARIANTS).filter(([, v]) => !actual.has(v.route)).map(([k]) => k);
    expect(stale).toEqual([]);
  });

  it.each([...Object.entries(MATRIX), ...Object.entries(VARIANTS)])('%s', async (key, row) => {
    const method = key.slice(0, key.indexOf(' ')) as InjectOptions['method'];
    const mismatches: string[] = [];
    for (const role of order) {
      const base = row.req ? await row.req(fx, role) : defaultRequest(key);
      const options: InjectOptions = {
        method,
        url: base.url ?? defaultRequest(key).url!,
        ...base,
        headers: { ...authHeader(fx.tokens[role]), ...(base.headers ?? {}) },
      };
      const res = await ctx.app.inject(options);
      const expected = row.expect[ROLES.indexOf(role)];
      bodies[role].push({ key, body: res.body });
      if (res.statusCode !== expected) {
        let code = '';
        try {
          code = res.json().error?.code ?? '';
        } catch {
          /* not JSON */
        }
        mismatches.push(`${key} as ${role}: expected ${expected}, got ${res.statusCode} ${code}`.trim());
      }
      // Issue 9 finding 4: nothing a signed-in caller gets may be kept by a browser or proxy cache.
      if (role !== 'anonymous' && !/\bno-store\b/.test(String(res.headers['cache-control'] ?? ''))) {
        mismatches.push(`${key} as ${role}: Cache-Control "${res.headers['cache-control'] ?? ''}" lacks no-store`);
      }
      if (res.statusCode >= 400) {
        const body = res.json();
        if (typeof body?.error?.code !== 'string' || typeof body?.error?.message !== 'string') {
          mismatches.push(`${key} as ${role}: ${res.statusCode} without the {error:{code,message}} body`);
        }
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  });

  it('refuses parent B every direct way into parent A’s things', async () => {
    const b = { authorization: `Bearer ${fx.tokens.parentB}` };
    const child = fx.familyA.children[0]!;
    const attempts: [string, InjectOptions & { url: string }, number[]][] = [
      ['profile by id', { method: 'GET', url: `/api/profiles/${fx.familyA.profile.id}` }, [403, 404]],
      ['profiles of A', { method: 'GET', url: `/api/profiles?pId=${fx.parentA.id}` }, [403, 404]],
      ['add a child to A’s profile', { method: 'POST', url: '/api/users/children', payload: { child: { firstName: 'X', lastName: 'Y', birthdate: '2025-01-01' }, profileId: fx.familyA.profile.id } }, [403, 404]],
      ['book as A', { method: 'POST', url: '/api/vipps/payment', payload: { userId: fx.parentA.id, childId: child.id, courseId: fx.otherCourse.id } }, [403, 404]],
      ['book A’s child as B', { method: 'POST', url: '/api/vipps/payment', payload: { userId: fx.parentB.id, childId: child.id, courseId: fx.otherCourse.id } }, [403, 404]],
      ['A’s payment status', { method: 'GET', url: `/api/vipps/payment/${fx.orderA.reference}` }, [403, 404]],
      ['A’s child’s discounts', { method: 'GET', url: `/api/vipps/price?userId=${fx.parentA.id}&childId=${child.id}&courseId=${fx.otherCourse.id}` }, [403, 404]],
      ['A’s calendar', { method: 'POST', url: '/api/calendars', payload: { userId: fx.parentA.id, courseId: fx.course.id } }, [403, 404]],
      ['participants of A’s child’s course', { method: 'GET', url: `/api/courses/${fx.course.id}/participants` }, [403, 404]],
      ['calendar of A’s course as B', { method: 'POST', url: '/api/calendars', payload: { userId: fx.parentB.id, courseId: fx.course.id } }, [403, 404]],
      ['rename A’s child', { method: 'PATCH', url: `/api/users/${child.id}`, payload: { firstName: 'X' } }, [403, 404]],
      ['delete A’s child', { method: 'DELETE', url: `/api/users/${child.id}` }, [403, 404]],
      ['delete A', { method: 'DELETE', url: `/api/users/${fx.parentA.id}` }, [403, 404]],
      ['make A admin', { method: 'PATCH', url: `/api/users/${fx.parentA.id}`, payload: { roles: ['admin'] } }, [403, 404]],
      ['remove A’s guardians', { method: 'PATCH', url: `/api/profiles/${fx.familyA.profile.id}`, payload: { parents: [fx.parentA.id] } }, [403, 404]],
      ['A’s children’s course history', { method: 'GET', url: `/api/users/courses?cIds=${child.id}` }, [403, 404]],
      ['A’s pending invites', { method: 'GET', url: `/api/invites/user/${fx.parentA.id}/pending` }, [403, 404]],
      ['A’s profile invites', { method: 'GET', url: `/api/invites/profile/${fx.familyA.profile.id}` }, [403, 404]],
      ['invite to A’s profile', { method: 'POST', url: '/api/invites', payload: { profileId: fx.familyA.profile.id, email: 'b@example.no' } }, [403, 404]],
      ['answer A’s invite', { method: 'PATCH', url: `/api/invites/${fx.inviteA.id}`, payload: { status: 'accepted' } }, [403, 404]],
      ['put A’s child on a waitlist', { method: 'POST', url: `/api/courses/${fx.fullCourse.id}/waitlist`, payload: { childId: child.id } }, [403, 404]],
      ['take A’s child off a waitlist', { method: 'DELETE', url: `/api/waitlist/${fx.waitlistEntryA.id}` }, [403, 404]],
      ['decline A’s rollover offer', { method: 'POST', url: `/api/rollover-offers/${fx.rolloverOfferA}/decline` }, [403, 404]],
      ['delete A’s invite', { method: 'DELETE', url: `/api/invites/${fx.inviteA.id}` }, [403, 404]],
      ['confirm A’s invite', { method: 'POST', url: `/api/invites/${fx.inviteA.id}/confirm` }, [403, 404]],
      ['A’s child’s care details', { method: 'GET', url: `/api/children/${child.id}/care` }, [403, 404]],
      ['change A’s child’s health note', { method: 'PUT', url: `/api/children/${child.id}/care`, payload: { emergencyName: '', emergencyPhone: '', healthNote: '', healthConsent: false, photoConsent: true } }, [403, 404]],
      ['who read A’s child’s note', { method: 'GET', url: `/api/children/${child.id}/health-note/reads` }, [403, 404]],
      ['A’s child’s note through the course', { method: 'GET', url: `/api/courses/${fx.course.id}/participants/${child.id}/health-note` }, [403, 404]],
      ['undo A’s invite', { method: 'POST', url: `/api/invites/${fx.inviteA.id}/undo` }, [403, 404]],
    ];
    const problems: string[] = [];
    const before = await countRows(ctx.database.db);
    for (const [name, options, allowed] of attempts) {
      if (!ctx.app.findRoute({ method: options.method as string, url: options.url.split('?')[0]! })) {
        problems.push(`${name}: route ${options.method} ${options.url} is gone (update this test)`);
        continue;
      }
      const res = await ctx.app.inject({ ...options, headers: b });
      if (!allowed.includes(res.statusCode)) problems.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      for (const secret of Object.values(SECRET_NAMES)) if (res.body.includes(secret)) problems.push(`${name}: body contains "${secret}"`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    expect(await countRows(ctx.database.db), 'parent B changed a table').toEqual(before);
  });

  it('sends parent A’s child and e-mail to nobody else', () => {
    const leaks: string[] = [];
    for (const role of ['anonymous', 'parentB', 'instructorOther'] as const) {
      for (const { key, body } of bodies[role]) {
        for (const secret of Object.values(SECRET_NAMES)) {
          if (body.includes(secret)) leaks.push(`${key} sent "${secret}" to ${role}`);
        }
      }
    }
    expect(leaks, leaks.join('\n')).toEqual([]);
  });

  describe('object actions (access/access.ts), asked directly', () => {
    /** requireAccess's outcome per caller: 'ok', or the error code it throws. */
    type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND';
    type Outcomes = readonly [anonymous: Outcome, parentA: Outcome, parentB: Outcome, instructor: Outcome, instructorOther: Outcome, admin: Outcome];
    const U = 'UNAUTHENTICATED', F = 'FORBIDDEN', N = 'NOT_FOUND';
    const familyOnly: Outcomes = [U, 'ok', F, F, F, 'ok'];
    const adminOnlyAction: Outcomes = [U, F, F, F, F, 'ok'];
    const hiddenFromOthers: Outcomes = [U, 'ok', N, N, N, 'ok'];

    // prettier-ignore
    const ACTION_MATRIX: Record<Action, { id: (fx: Fixtures) => string; expect: Outcomes; note?: string }> = {
      'profile.read':             { id: (fx) => fx.familyA.profile.id, expect: familyOnly },
      'profile.write':            { id: (fx) => fx.familyA.profile.id, expect: familyOnly },
      'profile.invite':           { id: (fx) => fx.familyA.profile.id, expect: familyOnly, note: 'parent A is the owner (first guardian)' },
      'guardian.remove':          { id: (fx) => fx.familyA.profile.id, expect: familyOnly, note: 'parent A is the owner (first guardian)' },
      'child.read':               { id: (fx) => fx.familyA.children[0]!.id, expect: familyOnly },
      'child.write':              { id: (fx) => fx.familyA.children[0]!.id, expect: familyOnly },
      'child.family.read':        { id: (fx) => fx.familyA.children[0]!.id, expect: [U, F, F, 'ok', F, 'ok'], note: 'the instructor teaches the child’s course' },
      'child.care.read':          { id: (fx) => fx.familyA.children[0]!.id, expect: familyOnly, note: 'the note: own family; the admin opening the child (logged); not instructors here' },
      'child.care.write':         { id: (fx) => fx.familyA.children[0]!.id, expect: [U, 'ok', F, F, F, F], note: 'the consent is the guardians’ to give' },
      'child.health-note.reads':  { id: (fx) => fx.familyA.children[0]!.id, expect: familyOnly, note: 'the read log' },
      'cancelled-date.write':     { id: (fx) => fx.cancelledDateToAnnounce.id, expect: adminOnlyAction, note: "'Angre' and 'Send e-post nå' (issue 53)" },
      'course.health-notes.read': { id: (fx) => fx.course.id, expect: [U, F, F, 'ok', F, 'ok'], note: 'instructor of the course yes, of another course no' },
      'child.book':               { id: (fx) => fx.familyA.children[0]!.id, expect: [U, 'ok', N, N, N, N], note: 'guardians only: an admin books as the guardian' },
      'course.write':             { id: (fx) => fx.course.id, expect: adminOnlyAction },
      'course.participants.read': { id: (fx) => fx.course.id, expect: [U, F, F, 'ok', F, 'ok'] },
      'course.calendar':          { id: (fx) => fx.course.id, expect: hiddenFromOthers, note: 'parent A’s child is on the course' },
      'order.read':               { id: (fx) => fx.orderA.id, expect: hiddenFromOthers },
      'order.refund':             { id: (fx) => fx.orderA.id, expect: adminOnlyAction },
      'order.family':             { id: (fx) => fx.orderA.id, expect: [U, 'ok', N, N, N, N], note: 'the current guardians of its family only: admins refund in the back office; a former guardian: see "a removed guardian"' },
      'order.receipt':            { id: (fx) => fx.orderA.id, expect: [U, 'ok', N, N, N, N], note: 'the family, and the buyer for ever (see "a removed guardian")' },
      'user.act-as':              { id: (fx) => fx.parentA.id, expect: familyOnly, note: 'parent A themself' },
      'user.roles':               { id: (fx) => fx.parentA.id, expect: adminOnlyAction },
      'user.write':               { id: (fx) => fx.parentA.id, expect: familyOnly, note: 'parent A themself' },
      'user.delete':              { id: (fx) => fx.parentA.id, expect: familyOnly, note: 'parent A themself' },
      'faq.write':                { id: (fx) => fx.faq.id, expect: adminOnlyAction },
      'term.write':               { id: (fx) => fx.term.id, expect: adminOnlyAction },
      'season.write':             { id: (fx) => fx.season.id, expect: adminOnlyAction },
      'discount-code.write':      { id: (fx) => fx.discountCode.id, expect: adminOnlyAction },
      'level.write':              { id: (fx) => fx.ladder[0]!.id, expect: adminOnlyAction },
      'skill.write':              { id: (fx) => fx.ladder[0]!.skillIds[0]!, expect: adminOnlyAction },
      'child.progress.read':      { id: (fx) => fx.familyA.children[0]!.id, expect: [U, 'ok', F, 'ok', F, 'ok'], note: 'the instructor teaches the child’s course' },
      'course.progress.write':    { id: (fx) => fx.course.id, expect: [U, F, F, 'ok', F, 'ok'] },
      'place.photos.write':       { id: (fx) => fx.place.id, expect: adminOnlyAction },
      'place.close':              { id: (fx) => fx.place.id, expect: adminOnlyAction, note: "'Bassenget er stengt' (issue 38)" },
      'profile.credit.read':      { id: (fx) => fx.familyA.profile.id, expect: hiddenFromOthers, note: 'the family credit ledger (issue 38)' },
      'profile.credit.redeem':    { id: (fx) => fx.familyA.profile.id, expect: [U, 'ok', N, N, N, N], note: 'a gift card into the family credit: its guardians only (decision 059)' },
      'profile.feed':             { id: (fx) => fx.familyA.profile.id, expect: [U, 'ok', N, N, N, N], note: "the family's own calendar address: not even an admin makes one" },
      'waitlist.write':           { id: (fx) => fx.waitlistEntryA.id, expect: hiddenFromOthers, note: 'parent A’s child waits on the course' },
      'rollover-offer.write':     { id: (fx) => fx.rolloverOfferA, expect: hiddenFromOthers, note: "'Behold plassen' for parent A’s child" },
    };

    const viewerOf = (role: Role): Viewer => (role === 'anonymous' ? null : toViewer(fx[role]));
    const outcome = async (role: Role, action: Action, id: string): Promise<Outcome> => {
      try {
        await requireAccess(contextFor(ctx.app, viewerOf(role)), action, id);
        return 'ok';
      } catch (error) {
        if (error instanceof AppError) return error.code as Outcome;
        throw error;
      }
    };

    it('has exactly one row per action', () => {
      expect(Object.keys(ACTION_MATRIX).sort()).toEqual([...ACTIONS].sort());
    });

    it.each(ACTIONS)('%s', async (action) => {
      const row = ACTION_MATRIX[action];
      const id = row.id(fx);
      const mismatches: string[] = [];
      for (const role of ROLES) {
        const expected = row.expect[ROLES.indexOf(role)];
        const got = await outcome(role, action, id);
        if (got !== expected) mismatches.push(`${action} as ${role}: expected ${expected}, got ${got}`);
        // can() agrees with requireAccess.
        const allowed = await can(contextFor(ctx.app, viewerOf(role)), action, id);
        if (allowed !== (expected === 'ok')) mismatches.push(`${action} as ${role}: can() said ${allowed}`);
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    });

    it('filterAccess keeps exactly what can() allows, and drops objects that do not exist', async () => {
      const unknown = '0123456789abcdef01234567';
      const mismatches: string[] = [];
      for (const action of ACTIONS) {
        const id = ACTION_MATRIX[action].id(fx);
        for (const role of ROLES) {
          const kept = await filterAccess(contextFor(ctx.app, viewerOf(role)), action, [id, unknown]);
          const expected = ACTION_MATRIX[action].expect[ROLES.indexOf(role)] === 'ok' ? [id] : [];
          if (kept.join() !== expected.join()) mismatches.push(`${action} as ${role}: kept ${JSON.stringify(kept)}`);
        }
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    });

    it('answers NOT_FOUND for an object that does not exist, to everyone signed in', async () => {
      const unknown = '0123456789abcdef01234567';
      const problems: string[] = [];
      for (const action of ACTIONS) {
        for (const role of ROLES.filter((r) => r !== 'anonymous')) {
          const got = await outcome(role, action, unknown);
          if (got !== 'NOT_FOUND') problems.push(`${action} as ${role} on an unknown id: ${got}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });

  describe('role actions (access/access.ts: no object), asked directly', () => {
    type Outcome = 'ok' | 'UNAUTHENTICATED' | 'FORBIDDEN';
    type Outcomes = readonly [anonymous: Outcome, parentA: Outcome, parentB: Outcome, instructor: Outcome, instructorOther: Outcome, admin: Outcome];
    const U = 'UNAUTHENTICATED', F = 'FORBIDDEN';
    const adminOnlyRole: Outcomes = [U, F, F, F, F, 'ok'];
    // prettier-ignore
    const ROLE_MATRIX: Record<RoleAction, Outcomes> = {
      'waitlist.overview':             adminOnlyRole,
      'waitlist.any-age':              adminOnlyRole,
      'child.birthdate.after-booking': adminOnlyRole,
      'children.families':             [U, F, F, 'ok', 'ok', 'ok'],
      'profile.admin-details':         adminOnlyRole,
      'closures.overview':             adminOnlyRole,
      'seasons.manage':                adminOnlyRole,
      'levels.manage':                 adminOnlyRole,
      'rollover.manage':               adminOnlyRole,
      'discount-codes.manage':         adminOnlyRole,
      'settings.manage':               adminOnlyRole,
      'absences.manage':               adminOnlyRole,
    };
    it.each(Object.keys(ROLE_MATRIX) as RoleAction[])('%s', (action) => {
      const mismatches: string[] = [];
      for (const role of ROLES) {
        const viewer: Viewer = role === 'anonymous' ? null : toViewer(fx[role]);
        let got: Outcome = 'ok';
        try {
          requireAllowed(contextFor(ctx.app, viewer), action);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          got = error.code as Outcome;
        }
        const expected = ROLE_MATRIX[action][ROLES.indexOf(role)];
        if (got !== expected) mismatches.push(`${action} as ${role}: expected ${expected}, got ${got}`);
        if (allowed(contextFor(ctx.app, viewer), action) !== (expected === 'ok')) mismatches.push(`${action} as ${role}: allowed() disagrees`);
      }
      expect(mismatches, mismatches.join('\n')).toEqual([]);
    });
  });
});

/**
 * Issue 52 (H1), membership event "guardian removed": the owner removes the second guardian, who had bought the child's
 * place, read the family calendar and received a cancelled date's /endring link. Afterwards they keep the receipt of
 * what they paid, and nothing else.
 */
describe('access matrix: a removed guardian', () => {
  type Row = { req: () => InjectOptions; expect: number };
  let rows: Record<string, Row>;
  let removed: { id: string; token: string };
  let childName: string;
  const injectAs = (token: string | undefined, options: InjectOptions) => ctx.app.inject({ ...options, headers: { ...authHeader(token), ...(options.headers ?? {}) } });

  beforeAll(async () => {
    const family = await createFamily(ctx.database.db, { guardians: 2 });
    const [owner, second] = family.guardians as [(typeof family.guardians)[number], (typeof family.guardians)[number]];
    const child = family.children[0]!;
    childName = child.firstName;
    const course = await createCourse(ctx.database.db, { weeks: 4, maximumParticipants: 10 });
    const { order } = await createOrder(ctx.database.db, { status: 'captured', course, child, user: second, profileId: family.profile.id, enrol: true });
    const [capture] = await ctx.database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.name, 'CAPTURED')));
    const ownerToken = (await ctx.app.sessions.issue(owner.id)).token;
    removed = { id: second.id, token: (await ctx.app.sessions.issue(second.id)).token };
    const feed = (await injectAs(removed.token, { method: 'GET', url: `/api/profiles/${family.profile.id}/calendar-feed` })).json();
    const cancelled = await injectAs(fx.tokens.admin, { method: 'POST', url: `/api/courses/${course.id}/cancelled-dates`, payload: { date: course.dates[0]!.toISOString(), reason: 'Stengt' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The families are told at once ('Send e-post nå', issue 53), so the e-mail with the link exists.
    const announced = await injectAs(fx.tokens.admin, { method: 'POST', url: `/api/cancelled-dates/${cancelled.json().cancelled[0]._id}/announce` });
    expect(announced.statusCode, announced.body).toBe(200);
    const [mail] = await ctx.database.db.select().from(outbox).where(and(eq(outbox.to, second.email!), like(outbox.subject, 'Avlyst:%')));
    const secret = /\/endring#([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const choiceId = (await injectAs(ownerToken, { method: 'GET', url: '/api/changes/mine' })).json()[0]._id as string;
    const res = await injectAs(ownerToken, { method: 'PATCH', url: `/api/profiles/${family.profile.id}`, payload: { parents: [owner.id] } });
    expect(res.statusCode, res.body).toBe(200);
    // prettier-ignore
    rows = {
      'GET /api/calendar-feeds/:file (the old address)': { req: () => ({ method: 'GET', url: new URL(feed.url as string).pathname }), expect: 404 },
      'GET /api/profiles/:id/calendar-feed':             { req: () => ({ method: 'GET', url: `/api/profiles/${family.profile.id}/calendar-feed` }), expect: 404 },
      'GET /api/orders/:id/cancellation':                { req: () => ({ method: 'GET', url: `/api/orders/${order.id}/cancellation` }), expect: 404 },
      'POST /api/orders/:id/cancellation':               { req: () => ({ method: 'POST', url: `/api/orders/${order.id}/cancellation`, payload: { expectedRefund: order.amountOre } }), expect: 404 },
      'GET /api/vipps/payment/:paymentId':               { req: () => ({ method: 'GET', url: `/api/vipps/payment/${order.reference}` }), expect: 404 },
      'POST /api/changes/:id/choose':                    { req: () => ({ method: 'POST', url: `/api/changes/${choiceId}/choose`, payload: { choice: 'credit' } }), expect: 403 },
      'POST /api/changes/open (their old link)':         { req: () => ({ method: 'POST', url: '/api/changes/open', payload: { secret } }), expect: 404 },
      'POST /api/changes/choose (their old link)':       { req: () => ({ method: 'POST', url: '/api/changes/choose', payload: { secret, choice: 'credit' } }), expect: 404 },
      'GET /api/orders/:id/receipts/:eventId':           { req: () => ({ method: 'GET', url: `/api/orders/${order.id}/receipts/${capture!.id}` }), expect: 200 },
    };
  });

  it('gets the receipt of what they paid, and 403/404 for everything else of the family', async () => {
    const mismatches: string[] = [];
    for (const [key, row] of Object.entries(rows)) {
      const res = await injectAs(removed.token, row.req());
      if (res.statusCode !== row.expect) mismatches.push(`${key}: expected ${row.expect}, got ${res.statusCode}`);
      if (row.expect !== 200 && res.body.includes(childName)) mismatches.push(`${key}: leaks the child's name`);
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  });
});

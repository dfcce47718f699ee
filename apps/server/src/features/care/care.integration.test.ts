import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createFamily, createInstructor, createUser } from '../../test/builders';
import { createTestApp, type TestContext } from '../../test/app';

/** Issue 39: a child's emergency contact, health note (with consent) and photo consent; who read the note. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

const bearer = async (userId: string) => ({ authorization: `Bearer ${(await ctx.app.sessions.issue(userId)).token}` });

async function setup() {
  const db = ctx.database.db;
  const family = await createFamily(db);
  const child = family.children[0]!;
  const teacher = await createInstructor(db, { firstName: 'Ida', lastName: 'Instruktør' });
  const otherTeacher = await createInstructor(db);
  const course = await createCourse(db, { instructors: [teacher], participants: [child] });
  await createCourse(db, { instructors: [otherTeacher] });
  const parent = await bearer(family.guardians[0]!.id);
  const put = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: `/api/children/${child.id}/care`, headers: parent, payload });
  return { family, child, teacher, otherTeacher, course, parent, put };
}

const care = { emergencyName: 'Mormor Hansen', emergencyPhone: '912 34 567', healthNote: 'Astma, har inhalator i bagen', healthConsent: true, photoConsent: false };

describe('a child’s care details', () => {
  it('saves the note only with consent, and withdrawing the consent deletes it at once', async () => {
    const { child, parent, put } = await setup();
    const refused = await put({ ...care, healthConsent: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('samtykke');

    const saved = await put(care);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      emergencyContact: { name: 'Mormor Hansen', phone: '4791234567' },
      healthNote: care.healthNote,
      healthConsent: true,
      photoConsent: false,
      retention: { months: 12, healthNoteDays: 30 },
    });

    const withdrawn = await put({ ...care, healthNote: '', healthConsent: false, photoConsent: true });
    expect(withdrawn.json()).toMatchObject({ healthNote: null, healthConsent: false, photoConsent: true });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/care`, headers: parent });
    expect(read.json().healthNote).toBeNull();
  });

  it('refuses bad input in Norwegian with nothing written', async () => {
    const { child, parent, put } = await setup();
    const tooLong = await put({ ...care, healthNote: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('maks 500 tegn');
    const badPhone = await put({ ...care, emergencyPhone: '12ab' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.message).toContain('Ugyldig telefonnummer');
    const half = await put({ ...care, emergencyPhone: '' });
    expect(half.statusCode).toBe(400);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/care`, headers: parent });
    expect(read.json()).toMatchObject({ healthNote: null, emergencyContact: null, photoConsent: false });
  });

  it('shows the course’s instructor the marks, the note on a tap (logged), and nobody else', async () => {
    const { child, teacher, otherTeacher, course, parent, put } = await setup();
    await put(care);
    const teacherHeaders = await bearer(teacher.id);

    const list = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/participants`, headers: teacherHeaders });
    const row = list.json().participants.find((p: { _id: string }) => p._id === child.id);
    expect(row).toMatchObject({ hasHealthNote: true, photoConsent: false, emergencyContact: { name: 'Mormor Hansen', phone: '4791234567' } });
    expect(list.body).not.toContain(care.healthNote);

    const note = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/participants/${child.id}/health-note`, headers: teacherHeaders });
    expect(note.statusCode).toBe(200);
    expect(note.json().healthNote).toBe(care.healthNote);
    expect(note.headers['cache-control']).toContain('no-store');

    const other = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/participants/${child.id}/health-note`, headers: await bearer(otherTeacher.id) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain(care.healthNote);

    const print = await ctx.app.inject({ method: 'GET', url: `/api/courses/${course.id}/health-notes`, headers: teacherHeaders });
    expect(print.json().notes).toEqual([{ childId: child.id, healthNote: care.healthNote }]);

    const reads = await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/health-note/reads`, headers: parent });
    expect(reads.json().reads.map((r: { readerName: string; via: string; readerRole: string }) => [r.readerName, r.readerRole, r.via]).sort()).toEqual([
      ['Ida Instruktør', 'instructor', 'list'],
      ['Ida Instruktør', 'instructor', 'print'],
    ]);
    expect(reads.json().reads[0].courseName).toBeTruthy();
  });

  it('logs the admin who opens the child, and not the family reading its own', async () => {
    const { child, parent, put } = await setup();
    await put(care);
    await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/care`, headers: parent });
    const admin = await createUser(ctx.database.db, { firstName: 'Anne', lastName: 'Admin', roles: ['parent', 'admin'] });
    const opened = await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/care`, headers: await bearer(admin.id) });
    expect(opened.json().healthNote).toBe(care.healthNote);
    const reads = (await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/health-note/reads`, headers: parent })).json().reads;
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ readerName: 'Anne Admin', readerRole: 'admin', via: 'child', courseName: null });
  });

  it('puts the notes and their read log in the family’s data export, and in nobody else’s', async () => {
    const { family, child, parent, put } = await setup();
    await put(care);
    const admin = await createUser(ctx.database.db, { firstName: 'Anne', lastName: 'Admin', roles: ['parent', 'admin'] });
    await ctx.app.inject({ method: 'GET', url: `/api/children/${child.id}/care`, headers: await bearer(admin.id) });
    const data = (await ctx.app.inject({ method: 'GET', url: '/api/users/me/data', headers: parent })).json();
    const exported = data.profiles[0].children.find((c: { id: string }) => c.id === child.id);
    expect(exported.care).toMatchObject({ healthNote: care.healthNote, photoConsent: false, emergencyContact: { name: 'Mormor Hansen', phone: '4791234567' } });
    expect(exported.care.healthNoteReads).toEqual([expect.objectContaining({ readerName: 'Anne Admin', readerRole: 'admin', via: 'child' })]);
    // Another guardian's unrelated profile, and the admin's own export: no note.
    const other = await createFamily(ctx.database.db);
    for (const userId of [other.guardians[0]!.id, admin.id]) {
      const body = (await ctx.app.inject({ method: 'GET', url: '/api/users/me/data', headers: await bearer(userId) })).body;
      expect(body).not.toContain(care.healthNote);
    }
    expect(family.guardians).toHaveLength(1);
  });
});

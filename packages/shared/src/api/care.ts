import { countOf } from '../format';
import { z } from '../zod';
import { idSchema } from '../ids';
import { isoDateTime } from './common';

/** The longest health note a guardian may write (issue 39). */
export const HEALTH_NOTE_MAX = 500;

/** A typed phone number ('912 34 567', '+47 …', '0046 …') as MSISDN, as Vipps gives them; 8 digits are Norwegian. */
export function toMsisdn(value: string): string | null {
  const compact = value.replace(/[\s\-().]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 8 && !compact.startsWith('+') && !compact.startsWith('00')) return `47${digits}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** PUT /children/:id/care: what the guardian saves; empty strings mean "none". */
export const childCareInputSchema = z
  .object({
    emergencyName: z.string().trim().max(100, 'Navnet kan ha maks 100 tegn'),
    emergencyPhone: z
      .string()
      .trim()
      .max(30, 'Ugyldig telefonnummer')
      .refine((v) => v === '' || toMsisdn(v) !== null, 'Ugyldig telefonnummer. Skriv 8 siffer, eller landskode med + foran'),
    healthNote: z.string().trim().max(HEALTH_NOTE_MAX, `Helseopplysningene kan ha maks ${HEALTH_NOTE_MAX} tegn`),
    healthConsent: z.boolean(),
    photoConsent: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.healthNote !== '' && !value.healthConsent) {
      ctx.addIssue({ code: 'custom', path: ['healthConsent'], message: 'Kryss av for samtykke for å lagre helseopplysninger' });
    }
    if ((value.emergencyName === '') !== (value.emergencyPhone === '')) {
      const path = value.emergencyName === '' ? 'emergencyName' : 'emergencyPhone';
      ctx.addIssue({ code: 'custom', path: [path], message: 'Fyll ut både navn og telefon for nødkontakten, eller ingen av dem' });
    }
  });
export type ChildCareInput = z.infer<typeof childCareInputSchema>;

export const emergencyContactSchema = z.object({ name: z.string(), phone: z.string() });

/** How long the data is kept, from the same settings the retention job uses: the texts cannot drift. */
export const retentionSettingsSchema = z.object({
  /** A child's data goes this many months after the end of its last course. */
  months: z.number().int(),
  /** A health note goes this many days after the end of the child's last course. */
  healthNoteDays: z.number().int(),
  /** The guardian's warning e-mail goes this many days before the account is deleted. */
  warningDays: z.number().int(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** GET/PUT /children/:id/care: the family's (or an admin's, logged) view of a child's care details. */
export const childCareSchema = z.object({
  childId: idSchema,
  emergencyContact: emergencyContactSchema.nullable(),
  healthNote: z.string().nullable(),
  healthConsent: z.boolean(),
  photoConsent: z.boolean(),
  retention: retentionSettingsSchema,
});
export type ChildCare = z.infer<typeof childCareSchema>;

/** One reading of a child's health note by someone outside the family. */
export const healthNoteReadSchema = z.object({
  readerName: z.string(),
  readerRole: z.enum(['instructor', 'admin']),
  courseName: z.string().nullable(),
  /** 'list': opened on the course list; 'print': printed with the list; 'child': an admin opened the child. */
  via: z.enum(['list', 'print', 'child']),
  readAt: isoDateTime,
});
export type HealthNoteRead = z.infer<typeof healthNoteReadSchema>;

/** GET /children/:id/health-note/reads: newest first. */
export const healthNoteReadsSchema = z.object({ reads: z.array(healthNoteReadSchema) });
export type HealthNoteReads = z.infer<typeof healthNoteReadsSchema>;

/** GET /courses/:id/participants/:userId/health-note: one child's note, for the course's instructor (logged). */
export const participantHealthNoteSchema = z.object({ childId: idSchema, healthNote: z.string() });
export type ParticipantHealthNote = z.infer<typeof participantHealthNoteSchema>;

/** GET /courses/:id/health-notes: every note on the course, for a print with 'Ta med helseopplysninger' (logged). */
export const courseHealthNotesSchema = z.object({ notes: z.array(participantHealthNoteSchema) });
export type CourseHealthNotes = z.infer<typeof courseHealthNotesSchema>;

const months = (n: number) => countOf(n, 'måned', 'måneder');
const days = (n: number) => countOf(n, 'dag', 'dager');

/** Who sees each care detail and how long it is kept, in the family's words, for /profil and the privacy page. */
export function careTexts(r: RetentionSettings) {
  return {
    emergencyContact: `Instruktørene på barnets kurs ser nødkontakten i kurslisten, og kan ringe den. Administrator ser den også. Den slettes sammen med barnet, ${months(r.months)} etter at barnets siste kurs er slutt.`,
    healthNote: `Bare instruktørene på barnets kurs leser dette (de ser et merke og trykker for å lese), og administrator når de åpner barnet. Hver lesing logges, og du ser loggen her. Det slettes ${days(r.healthNoteDays)} etter at barnets siste kurs er slutt, eller med en gang du tar bort samtykket.`,
    photo: `Instruktørene ser «Ikke foto» i kurslisten når du ikke har samtykket. Svaret slettes sammen med barnet, ${months(r.months)} etter siste kurs.`,
    account: `Barnet slettes ${months(r.months)} etter at det siste kurset er slutt (eller etter registreringen, om det aldri har gått på kurs). Foresatte uten barn igjen slettes når de ikke har logget inn på ${months(r.months)}; du får en e-post ${days(r.warningDays)} før, med en lenke for å beholde kontoen.`,
  };
}

// ---- retention (admin: dry run and run log; the guardian's keep link) ------------------------------------------
const plannedSchema = z.object({ _id: idSchema, name: z.string() });

/** GET /admin/retention/plan: what the next run would do, now (a dry run: nothing is changed). */
export const retentionPlanSchema = z.object({
  at: isoDateTime,
  children: z.array(plannedSchema),
  healthNotes: z.array(plannedSchema),
  emergencyContacts: z.array(plannedSchema),
  guardians: z.array(plannedSchema),
  /** Guardians warned by e-mail (with a keep link) that their account goes in `warningDays`. */
  guardianWarnings: z.array(plannedSchema),
  /** Children whose guardians are told that the health note goes soon. */
  healthNoteWarnings: z.array(plannedSchema),
});
export type RetentionPlan = z.infer<typeof retentionPlanSchema>;

/** One run of the retention job: counts only, never names. */
export const retentionRunSchema = z.object({
  _id: idSchema,
  ranAt: isoDateTime,
  children: z.number().int(),
  healthNotes: z.number().int(),
  emergencyContacts: z.number().int(),
  guardians: z.number().int(),
  warningsSent: z.number().int(),
});

/** GET /admin/retention/runs: the latest runs, newest first, with the settings they use. */
export const retentionRunsSchema = z.object({ settings: retentionSettingsSchema, runs: z.array(retentionRunSchema) });
export type RetentionRuns = z.infer<typeof retentionRunsSchema>;

/** The keep link's secret (from the link's '#' part): 32 random bytes, base64url. */
export const keepAccountInputSchema = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Ugyldig lenke') });

/** POST /retention/keep/open: whose account the link keeps (first name), before the one tap. */
export const keepAccountLinkSchema = z.object({ firstName: z.string(), expiresAt: isoDateTime });
export type KeepAccountLink = z.infer<typeof keepAccountLinkSchema>;

import { z } from '../zod';
import { calendarDay, isoDateTime, wholeNumber } from './common';
import { cancellationRulesSchema } from './cancellation-rules';

/** The versioned settings store, in slices (decision 054); a new slice adds its schema to SETTINGS_SLICES. */

const CREDIT_MONTHS_MIN = 1;
const CREDIT_MONTHS_MAX = 60;
const creditMonths = `Gyldighet må være et helt antall måneder fra ${CREDIT_MONTHS_MIN} til ${CREDIT_MONTHS_MAX}.`;

/** The slice 'credit': a family credit expires this many months after it was given. */
const creditSettingsSchema = z.object({
  months: z.number(creditMonths).int(creditMonths).min(CREDIT_MONTHS_MIN, creditMonths).max(CREDIT_MONTHS_MAX, creditMonths),
});


/** The slice 'waitlist' (decision 016): offer holds (shorter within 3 days of the start) and the priority window. */
const waitlistSettingsSchema = z.object({
  offerHours: wholeNumber(1, 336, 'Tiden et tilbud gjelder'),
  shortOfferHours: wholeNumber(1, 336, 'Tiden et tilbud gjelder like før kursstart'),
  priorityDays: wholeNumber(1, 60, 'Fortrinnsretten'),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsSchema>;

/** The slice 'closures' (decision 042): undo minutes before families are told, days to choose, the default choice. */
const closureSettingsSchema = z.object({
  undoMinutes: wholeNumber(0, 1440, 'Angrefristen'),
  choiceDays: wholeNumber(1, 60, 'Svarfristen'),
  defaultChoice: z.enum(['credit', 'refund'], 'Velg tilgodebeløp eller refusjon.'),
});
export type ClosureSettings = z.infer<typeof closureSettingsSchema>;

/** The slice 'certificate' (decision 057): 'Kursbevis' needs this share of the dates held, in whole percent. */
const certificateSettingsSchema = z.object({ minAttendancePercent: wholeNumber(0, 100, 'Oppmøtet som gir kursbevis') });
export type CertificateSettings = z.infer<typeof certificateSettingsSchema>;
/**
 * The slice 'siblingDiscount' (decision 058): off, or a percentage or an amount in kr off the price of each child of the
 * family after the first booked in the same season, for payments started from the day `from`.
 */
const siblingDiscountSettingsSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('off') }),
    z.object({ type: z.literal('percent'), percent: wholeNumber(1, 100, 'Prosenten'), from: calendarDay }),
    z.object({ type: z.literal('amount'), amountKr: wholeNumber(1, 100_000, 'Beløpet i kr'), from: calendarDay }),
  ],
  'Velg av, prosent eller beløp.',
);
export type SiblingDiscountSettings = z.infer<typeof siblingDiscountSettingsSchema>;

/** The slice 'rollover' (decision 060): the default days a family has to answer 'Behold plassen'. */
const rolloverSettingsSchema = z.object({ replyByDays: wholeNumber(1, 60, 'Svarfristen') });
export type RolloverSettings = z.infer<typeof rolloverSettingsSchema>;
/**
 * The slice 'absences' (decision 061): absences and make-up tokens on or off for the whole school; an absence reported
 * at least `deadlineHours` before the date gives a token, at most `tokensPerCourse` per child and course; a token lasts
 * to the end of the season or `tokenMinDays` days, whichever is later.
 */
const absenceSettingsSchema = z.object({
  enabled: z.boolean('Velg av eller på.'),
  deadlineHours: wholeNumber(0, 168, 'Fristen i timer'),
  tokensPerCourse: wholeNumber(0, 50, 'Antall erstatningstimer per kurs'),
  tokenMinDays: wholeNumber(1, 365, 'Antall dager en erstatningstime minst gjelder'),
});
export type AbsenceSettings = z.infer<typeof absenceSettingsSchema>;

/** Every slice and its value's schema. 'cancellation' is the cancellation rules (GET /cancellation-rules shows them too). */
export const SETTINGS_SLICES = {
  cancellation: cancellationRulesSchema,
  credit: creditSettingsSchema,
  waitlist: waitlistSettingsSchema,
  closures: closureSettingsSchema,
  certificate: certificateSettingsSchema,
  siblingDiscount: siblingDiscountSettingsSchema,
  rollover: rolloverSettingsSchema,
  absences: absenceSettingsSchema,
} as const;
export type SettingsSlice = keyof typeof SETTINGS_SLICES;
export const SETTINGS_SLICE_NAMES = Object.keys(SETTINGS_SLICES) as [SettingsSlice, ...SettingsSlice[]];
export type SettingsOf<S extends SettingsSlice> = z.infer<(typeof SETTINGS_SLICES)[S]>;

const versionOf = <T extends z.ZodType>(value: T) =>
  z.object({
    version: z.number().int(),
    value,
    /** Null while the slice is at its defaults (nothing stored yet). */
    createdAt: isoDateTime.nullable(),
    /** Who made the change ('Fornavn Etternavn'), null for the defaults, a migrated first version or a deleted admin. */
    changedBy: z.string().nullable(),
  });

export interface SettingsVersion<S extends SettingsSlice> {
  version: number;
  value: SettingsOf<S>;
  createdAt: string | null;
  changedBy: string | null;
}

/** GET /settings (admin): each slice's versions, newest first, so the first is the one in force. */
export const settingsOverviewSchema = z.object({
  cancellation: z.array(versionOf(SETTINGS_SLICES.cancellation)),
  credit: z.array(versionOf(SETTINGS_SLICES.credit)),
  waitlist: z.array(versionOf(SETTINGS_SLICES.waitlist)),
  closures: z.array(versionOf(SETTINGS_SLICES.closures)),
  certificate: z.array(versionOf(SETTINGS_SLICES.certificate)),
  siblingDiscount: z.array(versionOf(SETTINGS_SLICES.siblingDiscount)),
  rollover: z.array(versionOf(SETTINGS_SLICES.rollover)),
  absences: z.array(versionOf(SETTINGS_SLICES.absences)),
});
export type SettingsOverview = z.infer<typeof settingsOverviewSchema>;

export const settingsSliceParamsSchema = z.object({ slice: z.enum(SETTINGS_SLICE_NAMES) });

/** PUT /settings/{slice} (admin): the whole value, checked by the server against the slice's schema. */
export const settingsValueInputSchema = z.record(z.string().max(100), z.unknown());
export const settingsVersionSchema = z.union([
  versionOf(SETTINGS_SLICES.cancellation),
  versionOf(SETTINGS_SLICES.credit),
  versionOf(SETTINGS_SLICES.waitlist),
  versionOf(SETTINGS_SLICES.closures),
  versionOf(SETTINGS_SLICES.certificate),
  versionOf(SETTINGS_SLICES.siblingDiscount),
  versionOf(SETTINGS_SLICES.rollover),
  versionOf(SETTINGS_SLICES.absences),
]);
/** A version of some slice (the answer of PUT /settings/{slice}). */
export type AnySettingsVersion = { [S in SettingsSlice]: SettingsVersion<S> }[SettingsSlice];

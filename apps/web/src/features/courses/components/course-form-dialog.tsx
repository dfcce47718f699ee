import { useEffect, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { courseAgeText, courseInputSchema, isDerivedCourseName, type Course, type CourseInput } from '@shared/api';
import { DEFAULT_TIME_FROM, DEFAULT_TIME_TO, EXPERIENCE_LEVELS, INSTRUCTOR_SELECT_MAX_NAMES, INSTRUCTOR_UNKNOWN_VALUE, PRICE_STEP_KR } from '@shared/constants';
import { courseDates, endTimeFor, htmlToLineBreaks } from '@shared/course-form';
import { Checkbox, ConfirmDialog, FieldErrorText, FormActions, FormError, Select, Textarea, TextInput, WholeNumberInput, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { MultiSelect } from '@/components/ui/multi-select';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';
import { osloDateKey } from '@/lib/format';
import { useDeleteCourse, useLevelOptions, useSaveCourse } from '@/features/courses/api/courses';
import { loadHolidayLabel, type HolidayLabel } from './holiday-label';
import { MultiDatePicker } from './multi-date-picker';

/** The form's own shape: `dates` as chosen calendar days ('YYYY-MM-DD'), numbers as typed; the rest as the API takes it. */
type OptionalNumber = 'ageMinMonths' | 'ageMaxMonths' | 'lateBookingMaxPassed';
type CourseFormValues = Omit<CourseInput, 'dates' | 'price' | 'maximumParticipants' | OptionalNumber> & {
  dates: string[];
  price: number | string;
  maximumParticipants: number | string;
} & Record<OptionalNumber, number | string>;

const toNumber = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));
/** An empty optional field is no bound (null). */
const toOptional = (value: number | string | null) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : toNumber(value));
const fromOptional = (value: number | null) => (value === null ? '' : value);

function toCourseInput(values: CourseFormValues): CourseInput {
  return {
    ...values,
    dates: courseDates(values.dates, values.timeFrom),
    price: toNumber(values.price),
    maximumParticipants: toNumber(values.maximumParticipants),
    ageMinMonths: toOptional(values.ageMinMonths),
    ageMaxMonths: toOptional(values.ageMaxMonths),
    lateBookingMaxPassed: toOptional(values.lateBookingMaxPassed),
    levelId: values.levelId || null,
  };
}

/** The server's own course schema on the form's values, after the days become date-times and typed numbers numbers. */
const courseFormSchema = z.custom<CourseFormValues>().transform(toCourseInput).pipe(courseInputSchema);

/** The shared schema says the main rules in Norwegian; these are the ones it leaves to the form. */
const wholeMonths = 'Skriv alderen i hele måneder, 0–240';
const monthMessages = { invalid_type: wholeMonths, too_small: wholeMonths, too_big: wholeMonths, not_multiple_of: wholeMonths, invalid_format: wholeMonths };
const lateBooking = 'Skriv et helt antall ganger, 0–100';

function defaults(course: Course | undefined, placeId: string): CourseFormValues {
  if (!course) {
    return {
      name: '',
      placeId,
      dates: [],
      timeFrom: DEFAULT_TIME_FROM,
      timeTo: DEFAULT_TIME_TO,
      experienceLevel: '' as CourseInput['experienceLevel'],
      levelId: '',
      participantsAge: '',
      ageMinMonths: '',
      ageMaxMonths: '',
      lateBookingMaxPassed: '',
      proRata: true,
      price: '',
      maximumParticipants: '',
      instructors: [],
      info: '',
      published: true,
    };
  }
  return {
    // A name made from the level and age is made again on save (decision 031): the form has no name field.
    name: isDerivedCourseName(course.name) ? '' : course.name,
    placeId: course.place._id,
    dates: course.dates.map((date) => osloDateKey(date)),
    timeFrom: course.timeFrom,
    timeTo: course.timeTo,
    experienceLevel: course.experienceLevel as CourseInput['experienceLevel'],
    levelId: course.levelId ?? '',
    participantsAge: course.participantsAge,
    ageMinMonths: fromOptional(course.ageMinMonths),
    ageMaxMonths: fromOptional(course.ageMaxMonths),
    lateBookingMaxPassed: fromOptional(course.lateBookingMaxPassed),
    proRata: course.proRata,
    price: course.price,
    maximumParticipants: course.maximumParticipants,
    instructors: course.instructors.map((i) => i._id),
    // Spec §5: HTML tags in info become line breaks.
    info: htmlToLineBreaks(course.info),
    published: course.published,
  };
}

const LEVEL_OPTIONS = EXPERIENCE_LEVELS.map((level) => ({ value: level, label: level }));
/** The two age bounds (decision 012: whole months; empty is no bound). */
const AGE_BOUNDS = [
  { field: 'ageMinMonths', label: 'Alder fra (mnd)', hint: 'Tomt: ingen nedre grense' },
  { field: 'ageMaxMonths', label: 'Alder til (mnd)', hint: 'Tomt: ingen øvre grense' },
] as const;

/** Spec §2: 'Foreløpig ukjent' ('1') is shown when nobody is chosen; choosing it clears the others (never sent). */
const withUnknown = (ids: readonly string[]) => (ids.length ? [...ids] : [INSTRUCTOR_UNKNOWN_VALUE]);
const fromUnknown = (previous: readonly string[], next: readonly string[]) =>
  next.includes(INSTRUCTOR_UNKNOWN_VALUE) && previous.length > 0 ? [] : next.filter((v) => v !== INSTRUCTOR_UNKNOWN_VALUE);

interface CourseFormProps {
  course?: Course;
  placeId: string;
  instructors: readonly { id: string; name: string }[];
  onSaved: () => void;
  onDone: () => void;
}

function CourseForm({ course, placeId, instructors, onSaved, onDone }: CourseFormProps) {
  const id = useId();
  // Norwegian public and school holidays mark the picker's days once loaded; without them the days are left unmarked.
  const [holidays, setHolidays] = useState<HolidayLabel | undefined>(undefined);
  useEffect(() => {
    let live = true;
    loadHolidayLabel().then(
      (label) => live && setHolidays(() => label),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const save = useSaveCourse();
  const ladder = useLevelOptions();
  const remove = useDeleteCourse();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, watch, handleSubmit, setValue, errors } = useZodForm(courseFormSchema, {
    defaultValues: defaults(course, placeId),
    messages: { ageMinMonths: monthMessages, ageMaxMonths: monthMessages, lateBookingMaxPassed: { too_small: lateBooking, too_big: lateBooking, invalid_type: lateBooking } },
  });
  const busy = save.isPending || remove.isPending;
  const instructorOptions = [{ value: INSTRUCTOR_UNKNOWN_VALUE, label: 'Foreløpig ukjent' }, ...instructors.map((i) => ({ value: i.id, label: i.name }))];

  // The server's warnings (decision 031): shown with their numbers; 'Lagre likevel' saves again with confirm.
  const [warning, setWarning] = useState<{ input: CourseInput; message: string } | null>(null);
  const failureText = course ? 'Kunne ikke oppdatere kurset' : 'Kunne ikke opprette kurset';
  const savingFailed = course ? 'Feil ved lagring av kurs' : 'Feil ved lagring av nytt kurs';
  const saved = () => {
    toast.success(course ? 'Kurset har blitt oppdatert' : 'Kurset har blitt opprettet');
    onSaved();
    onDone();
  };
  const submit = handleSubmit((input) => {
    setFailure(null);
    save.mutate(
      { id: course?._id, input },
      {
        onSuccess: saved,
        onError: (error) => {
          if (isApiError(error) && error.code === 'COURSE_NEEDS_CONFIRMATION') {
            setWarning({ input, message: errorMessage(error) });
            return;
          }
          // Spec §8: the call's toast, and the form's own words where the server gave no reason (decision 029).
          toast.error(failureText);
          setFailure(errorMessage(error, savingFailed));
        },
      },
    );
  });
  const saveAnyway = async () => {
    if (!warning) return;
    try {
      await save.mutateAsync({ id: course?._id, input: { ...warning.input, confirm: true } });
    } catch (error) {
      toast.error(failureText);
      setWarning(null);
      setFailure(errorMessage(error, savingFailed));
      return;
    }
    saved();
  };

  const deleteCourse = async () => {
    if (!course) return;
    try {
      await remove.mutateAsync(course._id);
    } catch (error) {
      toast.error('Kunne ikke slette kurset');
      setConfirmDelete(false);
      setFailure(errorMessage(error, 'Feil ved sletting av kurs'));
      return;
    }
    toast.success('Kurset har blitt slettet');
    onSaved();
    onDone();
  };

  const timeFrom = register('timeFrom');
  const months = (value: unknown) => (value === '' || value === null || value === undefined || Number.isNaN(Number(value)) ? null : Number(value));
  const ageText = courseAgeText({ participantsAge: watch('participantsAge') ?? '', ageMinMonths: months(watch('ageMinMonths')), ageMaxMonths: months(watch('ageMaxMonths')) });
  // A date error may sit on one date ('dates.3') rather than on the list.
  const datesError = errors.dates?.message ?? (Array.isArray(errors.dates) ? errors.dates.find((e) => e?.message)?.message : undefined);

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <Select label="Kurstype" placeholder="Velg nivå" options={LEVEL_OPTIONS} required error={errors.experienceLevel?.message} {...register('experienceLevel')} />
      <Select
        label="Nivå"
        hint="Trinnet på nivåstigen kurset lærer bort"
        options={[{ value: '', label: 'Ikke valgt' }, ...(ladder.data ?? []).filter((l) => !l.retired || l.value === course?.levelId)]}
        error={errors.levelId?.message}
        {...register('levelId')}
      />
      {/* One source for the age (walk-through 06.12, finding 20): the months; parents read the text made from them. */}
      <div className="grid grid-cols-2 gap-3">
        {/* Decision 012: whole months at the first date, both ends included; empty is no bound. Admins are not bound. */}
        {AGE_BOUNDS.map(({ field, label, hint }) => (
          <WholeNumberInput
            key={field}
            label={label}
            hint={hint}
            min={0}
            max={240}
            readOnly={busy}
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {ageText ? `Foreldre ser alderen som «${ageText}».` : 'Fyll inn alder fra eller til (i måneder).'}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextInput
          label="Tid fra"
          type="time"
          required
          readOnly={busy}
          error={errors.timeFrom?.message}
          {...timeFrom}
          onChange={(event) => {
            void timeFrom.onChange(event);
            // Spec §5: changing the start time sets the end time to 30 minutes later.
            if (/^\d{2}:\d{2}$/.test(event.target.value)) setValue('timeTo', endTimeFor(event.target.value));
          }}
        />
        <TextInput label="Tid til" type="time" required readOnly={busy} error={errors.timeTo?.message} {...register('timeTo')} />
        <TextInput
          label="Pris (kr)"
          type="number"
          inputMode="numeric"
          min={0}
          step={PRICE_STEP_KR}
          required
          readOnly={busy}
          error={errors.price?.message}
          {...register('price')}
        />
        <WholeNumberInput
          label="Maks antall deltakere"
          min={0}
          required
          readOnly={busy}
          error={errors.maximumParticipants?.message}
          {...register('maximumParticipants')}
        />
      </div>
      <Controller
        control={control}
        name="instructors"
        render={({ field: f }) => (
          <MultiSelect
            label="Instruktører"
            options={instructorOptions}
            maxNamesShown={INSTRUCTOR_SELECT_MAX_NAMES}
            value={withUnknown(f.value)}
            onChange={(next) => f.onChange(fromUnknown(f.value, next))}
            onBlur={f.onBlur}
            disabled={busy}
            error={errors.instructors?.message}
          />
        )}
      />
      <Textarea label="Info" rows={4} readOnly={busy} error={errors.info?.message} {...register('info')} />
      {/* Not a <Field>: a calendar is a group of buttons, not one labelable control; it is named by 'Datoer'. */}
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-dates-label`} className="font-semibold text-sea-900">
          Datoer
        </span>
        <Controller
          control={control}
          name="dates"
          render={({ field: f }) => (
            <MultiDatePicker
              id={`${id}-dates`}
              value={f.value}
              onChange={f.onChange}
              holidays={holidays}
              invalid={!!datesError}
              labelledBy={`${id}-dates-label`}
              describedBy={datesError ? `${id}-dates-feil` : undefined}
            />
          )}
        />
        {datesError ? <FieldErrorText id={`${id}-dates-feil`}>{datesError}</FieldErrorText> : null}
      </div>
      <WholeNumberInput
        label="Sen påmelding: åpen til så mange ganger er gått"
        hint="Tomt: åpen til halve kurset er gått. 0: stenger når kurset starter."
        min={0}
        readOnly={busy}
        error={errors.lateBookingMaxPassed?.message}
        {...register('lateBookingMaxPassed')}
      />
      <Checkbox label="Sen påmelding betaler bare for gjenværende ganger" disabled={busy} {...register('proRata')} />
      <Controller
        control={control}
        name="published"
        render={({ field: f }) => (
          <Checkbox label="Publisert" name={f.name} ref={f.ref} onBlur={f.onBlur} checked={f.value === true} onChange={(e) => f.onChange(e.target.checked)} />
        )}
      />
      <FormError>{failure}</FormError>
      <FormActions onCancel="modal" onDelete={course ? () => setConfirmDelete(true) : undefined} busy={busy} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Slett kurs"
        message="Er du sikker på at du vil slette kurset?"
        confirmText="Slett"
        confirmVariant="danger"
        busyText="Sletter …"
        onConfirm={deleteCourse}
      />
      <ConfirmDialog
        open={!!warning}
        onOpenChange={(next) => !next && setWarning(null)}
        title="Lagre likevel?"
        message={warning?.message}
        confirmText="Lagre likevel"
        busyText="Lagrer …"
        onConfirm={saveAnyway}
      />
    </form>
  );
}

interface CourseFormDialogProps extends Omit<CourseFormProps, 'onDone'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The course edit/add modal (spec §2). Saving, creating or deleting reloads the page's data (spec §4). */
export function CourseFormDialog({ open, onOpenChange, course, ...props }: CourseFormDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={course ? 'Endre kurs' : 'Nytt kurs'} size="lg" closeOnOutsideClick={false}>
      {open ? <CourseForm course={course} {...props} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

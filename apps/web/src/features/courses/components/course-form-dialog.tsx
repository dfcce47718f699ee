import { useId, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { courseInputSchema, type Course, type CourseInput } from '@shared/api';
import { DEFAULT_TIME_FROM, DEFAULT_TIME_TO, EXPERIENCE_LEVELS, PRICE_STEP_KR } from '@shared/constants';
import { courseDates, endTimeFor, htmlToLineBreaks, osloDayKey } from '@shared/course-form';
import { Button } from '@/components/ui/button';
import { describedBy, FieldShell, inputClass } from '@/components/ui/field-shell';
import { Modal, ModalClose } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { useDeleteCourse } from '../api/delete-course';
import { useSaveCourse } from '../api/save-course';
import { InstructorSelect, type InstructorOption } from './instructor-select';
import { MultiDatePicker } from './multi-date-picker';

/** The form's own shape: dates as chosen calendar days; the rest as the API takes it. */
type OptionalNumber = 'ageMinMonths' | 'ageMaxMonths' | 'lateBookingMaxPassed';
type CourseFormValues = Omit<CourseInput, 'dates' | 'price' | 'maximumParticipants' | OptionalNumber> & {
  days: string[];
  price: number | string;
  maximumParticipants: number | string;
} & Record<OptionalNumber, number | string>;

const toNumber = (value: number | string) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));
/** An empty optional field is no bound (null). */
const toOptional = (value: number | string | null) => (value === null || (typeof value === 'string' && value.trim() === '') ? null : toNumber(value));
const fromOptional = (value: number | null) => (value === null ? '' : value);

export function toCourseInput(values: CourseFormValues): CourseInput {
  return {
    ...values,
    dates: courseDates(values.days, values.timeFrom),
    price: toNumber(values.price),
    maximumParticipants: toNumber(values.maximumParticipants),
    ageMinMonths: toOptional(values.ageMinMonths),
    ageMaxMonths: toOptional(values.ageMaxMonths),
    lateBookingMaxPassed: toOptional(values.lateBookingMaxPassed),
  };
}

/** The shared course schema (the server's own rules) on the form's values; date errors land on the picker. */
const resolver: Resolver<CourseFormValues> = async (values) => {
  const parsed = courseInputSchema.safeParse(toCourseInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<CourseFormValues> = {};
  for (const issue of parsed.error.issues) {
    const head = String(issue.path[0] ?? 'root');
    const key = (head === 'dates' ? 'days' : head) as keyof CourseFormValues;
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function defaults(course: Course | undefined, placeId: string): CourseFormValues {
  if (!course) {
    return {
      name: '',
      placeId,
      days: [],
      timeFrom: DEFAULT_TIME_FROM,
      timeTo: DEFAULT_TIME_TO,
      experienceLevel: '' as CourseInput['experienceLevel'],
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
    name: course.name,
    placeId: course.place._id,
    days: course.dates.map(osloDayKey),
    timeFrom: course.timeFrom,
    timeTo: course.timeTo,
    experienceLevel: course.experienceLevel as CourseInput['experienceLevel'],
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

interface CourseFormProps {
  course?: Course;
  placeId: string;
  instructors: readonly InstructorOption[];
  holidays?: readonly string[];
  onSaved: () => void;
  onDone: () => void;
}

function CourseForm({ course, placeId, instructors, holidays, onSaved, onDone }: CourseFormProps) {
  const id = useId();
  const toast = useToast();
  const save = useSaveCourse();
  const remove = useDeleteCourse();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<CourseFormValues>({ resolver, defaultValues: defaults(course, placeId) });
  const busy = save.isPending || remove.isPending;

  const submit = handleSubmit((values) => {
    setFailure(null);
    save.mutate(
      { id: course?._id, input: toCourseInput(values) },
      {
        onSuccess: () => {
          toast.success(course ? 'Kurset har blitt oppdatert' : 'Kurset har blitt opprettet');
          onSaved();
          onDone();
        },
        onError: (error) => {
          const text = course ? 'Kunne ikke oppdatere kurset' : 'Kunne ikke opprette kurset';
          toast.error(text);
          setFailure(errorMessage(error, text));
        },
      },
    );
  });

  const deleteCourse = () => {
    if (!course) return;
    remove.mutate(course._id, {
      onSuccess: () => {
        toast.success('Kurset har blitt slettet');
        onSaved();
        onDone();
      },
      onError: (error) => {
        toast.error('Kunne ikke slette kurset');
        setConfirmDelete(false);
        setFailure(errorMessage(error, 'Kunne ikke slette kurset'));
      },
    });
  };

  const field = (key: keyof CourseFormValues, hint = false) => ({
    id: `${id}-${key}`,
    readOnly: busy,
    className: inputClass(!!errors[key]),
    ...describedBy(`${id}-${key}`, { error: errors[key], hint }),
  });
  const timeFrom = register('timeFrom');

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={busy}>
      <FieldShell id={`${id}-experienceLevel`} label="Nivå" error={errors.experienceLevel?.message}>
        <select {...field('experienceLevel')} required {...register('experienceLevel')}>
          <option value="" disabled>
            Velg nivå
          </option>
          {EXPERIENCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </FieldShell>
      <FieldShell id={`${id}-participantsAge`} label="Alder" error={errors.participantsAge?.message}>
        <input {...field('participantsAge')} autoComplete="off" required {...register('participantsAge')} />
      </FieldShell>
      <div className="grid grid-cols-2 gap-3">
        {/* Decision 012: whole months at the first date, both ends included; empty is no bound. Admins are not bound. */}
        <FieldShell id={`${id}-ageMinMonths`} label="Alder fra (mnd)" hint="Tomt: ingen nedre grense" error={errors.ageMinMonths?.message}>
          <input {...field('ageMinMonths', true)} type="number" inputMode="numeric" min={0} max={240} step={1} {...register('ageMinMonths')} />
        </FieldShell>
        <FieldShell id={`${id}-ageMaxMonths`} label="Alder til (mnd)" hint="Tomt: ingen øvre grense" error={errors.ageMaxMonths?.message}>
          <input {...field('ageMaxMonths', true)} type="number" inputMode="numeric" min={0} max={240} step={1} {...register('ageMaxMonths')} />
        </FieldShell>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FieldShell id={`${id}-timeFrom`} label="Tid fra" error={errors.timeFrom?.message}>
          <input
            {...field('timeFrom')}
            type="time"
            required
            {...timeFrom}
            onChange={(event) => {
              void timeFrom.onChange(event);
              // Spec §5: changing the start time sets the end time to 30 minutes later.
              if (/^\d{2}:\d{2}$/.test(event.target.value)) setValue('timeTo', endTimeFor(event.target.value));
            }}
          />
        </FieldShell>
        <FieldShell id={`${id}-timeTo`} label="Tid til" error={errors.timeTo?.message}>
          <input {...field('timeTo')} type="time" required {...register('timeTo')} />
        </FieldShell>
        <FieldShell id={`${id}-price`} label="Pris (kr)" error={errors.price?.message}>
          <input {...field('price')} type="number" inputMode="numeric" min={0} step={PRICE_STEP_KR} required {...register('price')} />
        </FieldShell>
        <FieldShell id={`${id}-maximumParticipants`} label="Maks antall deltakere" error={errors.maximumParticipants?.message}>
          <input {...field('maximumParticipants')} type="number" inputMode="numeric" min={0} step={1} required {...register('maximumParticipants')} />
        </FieldShell>
      </div>
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-instructors-label`} className="font-semibold text-sea-900">
          Instruktører
        </span>
        <Controller
          control={control}
          name="instructors"
          render={({ field: f }) => (
            <InstructorSelect id={`${id}-instructors`} labelId={`${id}-instructors-label`} options={instructors} value={f.value} onChange={f.onChange} />
          )}
        />
        {errors.instructors?.message ? <p className="text-sm font-medium text-danger">{errors.instructors.message}</p> : null}
      </div>
      <FieldShell id={`${id}-info`} label="Info" error={errors.info?.message}>
        <textarea {...field('info')} rows={4} {...register('info')} />
      </FieldShell>
      <div className="flex flex-col gap-1.5">
        <span id={`${id}-days-label`} className="font-semibold text-sea-900">
          Datoer
        </span>
        <Controller
          control={control}
          name="days"
          render={({ field: f }) => (
            <MultiDatePicker
              id={`${id}-days`}
              value={f.value}
              onChange={f.onChange}
              holidays={holidays}
              invalid={!!errors.days}
              describedBy={errors.days ? `${id}-days-feil` : `${id}-days-label`}
            />
          )}
        />
        {errors.days?.message ? (
          <p id={`${id}-days-feil`} className="text-sm font-medium text-danger">
            {errors.days.message}
          </p>
        ) : null}
      </div>
      <FieldShell
        id={`${id}-lateBookingMaxPassed`}
        label="Sen påmelding: åpen til så mange ganger er gått"
        hint="Tomt: åpen til halve kurset er gått. 0: stenger når kurset starter."
        error={errors.lateBookingMaxPassed?.message}
      >
        <input {...field('lateBookingMaxPassed', true)} type="number" inputMode="numeric" min={0} step={1} {...register('lateBookingMaxPassed')} />
      </FieldShell>
      <label className="flex min-h-11 items-center gap-3 font-semibold text-sea-900">
        <input type="checkbox" className="size-5 accent-sea-800" disabled={busy} {...register('proRata')} />
        Sen påmelding betaler bare for gjenværende ganger
      </label>
      <Controller
        control={control}
        name="published"
        render={({ field: f }) => (
          <label className="flex min-h-11 items-center gap-3 font-semibold text-sea-900">
            <input type="checkbox" className="size-5 accent-sea-800" checked={f.value === true} onChange={(e) => f.onChange(e.target.checked)} />
            Publisert
          </label>
        )}
      />
      {failure ? (
        <p role="alert" className="rounded-xl bg-danger-bg p-3 font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3 pt-2">
        <ModalClose asChild>
          <Button variant="secondary">Avbryt</Button>
        </ModalClose>
        {course ? (
          <Button variant="secondary" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Slett
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          Lagre
        </Button>
      </div>
      <Modal open={confirmDelete} onOpenChange={setConfirmDelete} title="Slett kurs" description="Er du sikker på at du vil slette kurset?">
        <div className="flex justify-end gap-3">
          <ModalClose asChild>
            <Button variant="secondary">Avbryt</Button>
          </ModalClose>
          <Button onClick={deleteCourse} disabled={busy}>
            Slett
          </Button>
        </div>
      </Modal>
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

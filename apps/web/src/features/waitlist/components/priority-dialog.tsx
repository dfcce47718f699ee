import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { Course, CoursePrioritySettings } from '@shared/api';
import { CancelAndAct, Checkbox, DateInput, FormError, useZodForm } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { MultiSelect, type MultiSelectOption } from '@/components/ui/multi-select';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/error-messages';
import { courseLabel, formatDate, formatDateTime, osloDateKey } from '@/lib/format';
import { usePriorityCandidates, useCoursePriority, useSetCoursePriority } from '@/features/waitlist/api/waitlist';

const DAY_MS = 86_400_000;
/** The API's bounds on the window (coursePriorityInputSchema.days). */
const MIN_DAYS = 1;
const MAX_DAYS = 60;
/** How far back the earlier courses are looked for: a year before this course starts. */
const LOOK_BACK_DAYS = 365;

const SAVED = 'Forrige kurs er lagret';
const NOT_SAVED = 'Kunne ikke lagre forrige kurs';

/** 'YYYY-MM-DD' + n calendar days. */
const addDays = (key: string, days: number) => new Date(Date.parse(`${key}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Whole calendar days from today (Oslo) to the chosen day; NaN for no day. */
const daysFromToday = (key: string) => Math.round((Date.parse(`${key}T12:00:00Z`) - Date.parse(`${osloDateKey(new Date())}T12:00:00Z`)) / DAY_MS);

/** The earlier courses and the day the course opens to everyone (sent as calendar days after today in Oslo). */
const priorityFormSchema = z
  .object({ previousCourseIds: z.array(z.string()).max(20, 'Velg høyst 20 kurs'), openDate: z.string() })
  .superRefine((value, ctx) => {
    if (value.previousCourseIds.length === 0) return;
    const days = daysFromToday(value.openDate);
    if (!(days >= MIN_DAYS && days <= MAX_DAYS)) {
      const today = osloDateKey(new Date());
      ctx.addIssue({
        code: 'custom',
        path: ['openDate'],
        message: `Velg en dato fra ${formatDate(addDays(today, MIN_DAYS))} til ${formatDate(addDays(today, MAX_DAYS))}`,
      });
    }
  });
type PriorityFormValues = z.infer<typeof priorityFormSchema>;

const firstMs = (c: Pick<Course, 'dates'>) => (c.dates[0] ? Date.parse(c.dates[0]) : Number.NaN);
const lastMs = (c: Pick<Course, 'dates'>) => (c.dates.length ? Date.parse(c.dates.at(-1)!) : Number.NaN);

/** Earlier courses at the same place, or with `all` every course in the year before; chosen ones always stay. */
export function priorityOptions(course: Course, candidates: readonly Course[], chosen: readonly string[], all: boolean): MultiSelectOption[] {
  const starts = Number.isNaN(firstMs(course)) ? Date.now() : firstMs(course);
  const suggested = (c: Course) => c.place._id === course.place._id && lastMs(c) < starts;
  const shown = candidates
    .filter((c) => c._id !== course._id && (all || suggested(c) || chosen.includes(c._id)))
    .sort((a, b) => (firstMs(b) || 0) - (firstMs(a) || 0));
  const options = shown.map((c) => ({
    value: c._id,
    label: c.place._id === course.place._id ? courseLabel(c) : `${c.place.name}: ${courseLabel(c)}`,
  }));
  // A chosen course outside the year looked at is still shown (and kept) by its id.
  for (const id of chosen) if (!options.some((o) => o.value === id)) options.push({ value: id, label: `Kurs ${id}` });
  return options;
}

function PriorityFields({
  course,
  settings,
  candidates,
  onDone,
}: {
  course: Course;
  settings: CoursePrioritySettings;
  candidates: readonly Course[];
  onDone: () => void;
}) {
  const save = useSetCoursePriority();
  const [all, setAll] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const today = osloDateKey(new Date());
  const windowOpen = !!settings.openToAllAt && Date.parse(settings.openToAllAt) > Date.now();
  const { control, register, handleSubmit, errors } = useZodForm(priorityFormSchema, {
    defaultValues: {
      previousCourseIds: settings.previousCourseIds,
      // The window the API opens by default: WAITLIST_PRIORITY_DAYS from now, when the invitations go out.
      openDate: windowOpen ? osloDateKey(settings.openToAllAt!) : addDays(today, settings.defaultDays),
    },
  });

  const submit = (values: PriorityFormValues) => {
    setFailure(null);
    const days = values.previousCourseIds.length ? daysFromToday(values.openDate) : settings.defaultDays;
    save.mutate(
      { courseId: course._id, input: { previousCourseIds: values.previousCourseIds, days } },
      {
        onSuccess: () => {
          toast.success(SAVED);
          onDone();
        },
        onError: (error) => {
          toast.error(NOT_SAVED);
          setFailure(errorMessage(error, NOT_SAVED));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} className="space-y-5">
      {windowOpen ? <p className="rounded-xl bg-sea-50 p-3 text-sea-900">Åpner for alle {formatDateTime(settings.openToAllAt!)}</p> : null}
      <Controller
        control={control}
        name="previousCourseIds"
        render={({ field: f }) => {
          const options = priorityOptions(course, candidates, f.value, all);
          return (
            <MultiSelect
              label="Tidligere kurs"
              hint={
                options.length === 0
                  ? 'Ingen kurs på dette stedet slutter før dette kurset starter.'
                  : 'Barn som har gått et av disse kursene, kan bestille først.'
              }
              placeholder="Ingen valgt"
              options={options}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              disabled={save.isPending}
              error={errors.previousCourseIds?.message}
            />
          );
        }}
      />
      <Checkbox label="Vis kurs fra alle steder og tider" checked={all} onChange={(e) => setAll(e.target.checked)} />
      <DateInput
        label="Åpner for alle"
        hint="Barna fra kursene over får en e-post og kan bestille fra nå. Alle andre kan bestille fra denne datoen."
        min={addDays(today, MIN_DAYS)}
        max={addDays(today, MAX_DAYS)}
        readOnly={save.isPending}
        error={errors.openDate?.message}
        {...register('openDate')}
      />
      <FormError>{failure}</FormError>
      <CancelAndAct onCancel="modal" busy={save.isPending} text="Lagre" className="flex flex-wrap justify-end gap-3 pt-2" />
    </form>
  );
}

function PriorityForm({ course, onDone }: { course: Course; onDone: () => void }) {
  const settings = useCoursePriority(course._id);
  // The year before the course starts, in whole days (a stable query key).
  const range = useMemo(() => {
    const starts = Number.isNaN(firstMs(course)) ? Date.now() : firstMs(course);
    const end = Math.floor(starts / DAY_MS) * DAY_MS + DAY_MS;
    return { startDate: end - (LOOK_BACK_DAYS + 1) * DAY_MS, endDate: end };
  }, [course]);
  const candidates = usePriorityCandidates(range);
  if (settings.isError || candidates.isError) return <p role="alert">{errorMessage(settings.error ?? candidates.error, 'Kunne ikke hente kurs')}</p>;
  if (!settings.data || !candidates.data) return <p role="status">Laster kurs …</p>;
  return <PriorityFields course={course} settings={settings.data} candidates={candidates.data} onDone={onDone} />;
}

/** Returning swimmers first (decision 016): until the day it opens to all, only children of earlier courses book. */
export function PriorityDialog({ course, onClose }: { course: Course | null; onClose: () => void }) {
  return (
    <Modal open={!!course} onOpenChange={(open) => !open && onClose()} title="Forrige kurs" description={course ? courseLabel(course) : undefined}>
      {course ? <PriorityForm key={course._id} course={course} onDone={onClose} /> : null}
    </Modal>
  );
}

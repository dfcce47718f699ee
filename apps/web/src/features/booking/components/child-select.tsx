import type { Profile } from '@shared/api';
import { ageFits, type AgeRange } from '@shared/course-booking';
import { formatAge, fullName } from '@/lib/format';

/** The option value that opens the add-child modal instead of choosing. */
export const ADD_CHILD_VALUE = 'legg-til-nytt-barn';

interface ChildSelectProps {
  id: string;
  profiles: readonly Profile[];
  courseId: string;
  /** The course's age range and first date: children outside it are marked (the server refuses them). */
  ageRange?: AgeRange;
  firstDate?: string;
  value: string;
  onChange: (childId: string) => void;
  onAddChild: () => void;
  disabled?: boolean;
  errorId?: string;
  invalid?: boolean;
}

export const profileLabel = (profile: Profile) =>
  `Profil: ${profile.parents.map(fullName).join(' og ') || 'uten foresatte'}`;

/**
 * Spec §2 booking modal: the child dropdown, grouped by profile, with 'Legg til nytt barn'. A native select: the
 * platform's own list (on phones the system picker), so no custom height cap is needed. Children already on the
 * course are marked, and so are children outside the course's age range; the server has the last word.
 */
export function ChildSelect({
  id,
  profiles,
  courseId,
  ageRange,
  firstDate,
  value,
  onChange,
  onAddChild,
  disabled,
  errorId,
  invalid,
}: ChildSelectProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-sea-900">
        Velg barn
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            if (event.target.value === ADD_CHILD_VALUE) onAddChild();
            else onChange(event.target.value);
          }}
          className={`min-h-11 w-full appearance-none rounded-xl border-2 bg-white py-2 pr-10 pl-3 text-base text-ink ${
            invalid ? 'border-danger' : 'border-sea-700'
          }`}
        >
          <option value="">Velg barn</option>
          {profiles.map((profile) => (
            <optgroup key={profile._id} label={profileLabel(profile)}>
              {profile.children.length === 0 ? (
                <option value={`ingen-${profile._id}`} disabled>
                  Ingen barn registrert
                </option>
              ) : null}
              {profile.children.map((child) => {
                const enrolled = child.courses.some((course) => course._id === courseId);
                const outsideAge = !enrolled && !!ageRange && !ageFits(ageRange, child.birthdate, firstDate);
                return (
                  <option key={child._id} value={child._id}>
                    {fullName(child)} ({formatAge(child.birthdate)}){enrolled ? ' – allerede påmeldt' : ''}
                    {outsideAge ? ' – utenfor aldersgruppen' : ''}
                  </option>
                );
              })}
            </optgroup>
          ))}
          <option value={ADD_CHILD_VALUE}>Legg til nytt barn</option>
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-sea-800"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M5 8l5 5 5-5" />
        </svg>
      </div>
    </div>
  );
}

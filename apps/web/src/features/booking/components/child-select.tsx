import type { Profile } from '@shared/api';
import { ageFits, type AgeRange } from '@shared/course-booking';
import { GroupSelect } from '@/components/ui/group-select';
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

/** Spec §2 booking modal: the children by profile, with 'Legg til nytt barn'; those on the course or outside its age marked. */
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
    <GroupSelect
      id={id}
      label="Velg barn"
      placeholder="Velg barn"
      value={value}
      disabled={disabled}
      error={invalid}
      describedBy={errorId}
      onChange={(event) => {
        if (event.target.value === ADD_CHILD_VALUE) onAddChild();
        else onChange(event.target.value);
      }}
      emptyGroupText="Ingen barn registrert"
      groups={profiles.map((profile) => ({
        label: profileLabel(profile),
        options: profile.children.map((child) => {
          const enrolled = child.courses.some((course) => course._id === courseId);
          const outsideAge = !enrolled && !!ageRange && !ageFits(ageRange, child.birthdate, firstDate);
          const marks = `${enrolled ? ' – allerede påmeldt' : ''}${outsideAge ? ' – utenfor aldersgruppen' : ''}`;
          return { value: child._id, label: `${fullName(child)} (${formatAge(child.birthdate)})${marks}` };
        }),
      }))}
      trailingOptions={[{ value: ADD_CHILD_VALUE, label: 'Legg til nytt barn' }]}
    />
  );
}

import type { Profile } from '@shared/api';
import { GroupSelect } from '@/components/ui/group-select';
import { formatAge, fullName } from '@/lib/format';

/** The option value that opens the add-child modal instead of choosing. */
export const ADD_CHILD_VALUE = 'legg-til-nytt-barn';

interface ChildSelectProps {
  id: string;
  profiles: readonly Profile[];
  courseId: string;
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
 * course are marked; the server has the last word.
 */
export function ChildSelect({ id, profiles, courseId, value, onChange, onAddChild, disabled, errorId, invalid }: ChildSelectProps) {
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
          return { value: child._id, label: `${fullName(child)} (${formatAge(child.birthdate)})${enrolled ? ' – allerede påmeldt' : ''}` };
        }),
      }))}
      trailingOptions={[{ value: ADD_CHILD_VALUE, label: 'Legg til nytt barn' }]}
    />
  );
}

import { useId } from 'react';

export interface GroupSelectGroup {
  label: string;
  options: readonly { value: string; label: string; disabled?: boolean }[];
  /** Shown as a disabled option when the group has no options ('Ingen barn registrert'). */
  emptyLabel?: string;
}

interface GroupSelectProps {
  label: string;
  groups: readonly GroupSelectGroup[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** An extra option after the groups (the booking modal's 'Legg til nytt barn'). */
  action?: { value: string; label: string };
  hint?: string;
}

/**
 * One choice among grouped options, as the booking modal's child dropdown groups children by profile: a native
 * select with optgroups (on phones the system's own picker, so no custom height cap is needed).
 */
export function GroupSelect({ label, groups, value, onChange, placeholder = 'Velg …', action, hint }: GroupSelectProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-sea-900">
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </span>
      ) : null}
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-11 w-full rounded-xl border-2 border-sea-700 bg-white px-3 py-2 text-base text-ink"
      >
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.length === 0 && group.emptyLabel ? (
              <option value={`tom-${group.label}`} disabled>
                {group.emptyLabel}
              </option>
            ) : null}
            {group.options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
        {action ? <option value={action.value}>{action.label}</option> : null}
      </select>
    </div>
  );
}

import { useEffect } from 'react';
import type { Profile } from '@shared/api';
import { useProfiles } from '@/features/profiles/api/get-profiles';

export interface OwnProfiles {
  data?: Profile[];
  isError: boolean;
}

/**
 * The signed-in user's profiles for the course page (their children on the rows, the booking and add-child dialogs).
 * A module of its own, loaded only with a session, so a visitor's /kurs/{slug} does not load the profiles code.
 */
export function OwnProfilesSource({ onChange }: { onChange: (profiles: OwnProfiles) => void }) {
  const { data, isError } = useProfiles();
  useEffect(() => onChange({ data, isError }), [data, isError, onChange]);
  useEffect(() => () => onChange({ isError: false }), [onChange]);
  return null;
}

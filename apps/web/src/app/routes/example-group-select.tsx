import { useState } from 'react';
import { GroupSelect } from '@/components/ui/group-select';
import { ExampleBox, ExamplePage } from './example-layout';

const ADD = 'legg-til-nytt-barn';
const GROUPS = [
  {
    label: 'Profil: Sara Nilsen og Per Nilsen',
    options: [
      { value: 'emma', label: 'Emma Nilsen (8 mnd)' },
      { value: 'jakob', label: 'Jakob Nilsen (2 år)' },
    ],
  },
  { label: 'Profil: Ahmed Karimi', options: [{ value: 'lina', label: 'Lina Karimi (1 år)' }] },
  { label: 'Profil: Kari Hansen', options: [] },
];

/** /examples/group-select: options grouped as the booking modal's child dropdown groups children by profile. */
export function Component() {
  const [value, setValue] = useState('');
  const [added, setAdded] = useState(false);
  const chosen = GROUPS.flatMap((g) => g.options).find((o) => o.value === value);
  return (
    <ExamplePage title="Group-select" lead="Ett valg blant grupperte alternativer, slik barnevelgeren grupperer barn etter profil.">
      <ExampleBox title="Barn etter profil">
        <div className="max-w-md">
          <GroupSelect
            label="Velg barn"
            placeholder="Velg barn"
            groups={GROUPS}
            value={value}
            emptyGroupText="Ingen barn registrert"
            trailingOptions={[{ value: ADD, label: 'Legg til nytt barn' }]}
            onChange={(event) => {
              if (event.target.value === ADD) setAdded(true);
              else setValue(event.target.value);
            }}
          />
        </div>
        <p aria-live="polite" className="text-muted">
          {added ? 'Her ville skjemaet for nytt barn åpnet seg. ' : ''}Valgt: {chosen?.label ?? 'ingen'}
        </p>
      </ExampleBox>
    </ExamplePage>
  );
}

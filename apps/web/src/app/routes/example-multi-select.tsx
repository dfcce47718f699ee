import { useState } from 'react';
import { MultiSelect } from '@/components/ui/multi-select';
import { ExampleBox, ExamplePage } from './example-layout';

const OPTIONS = [
  { value: 'marius', label: 'Marius Strand' },
  { value: 'ingrid', label: 'Ingrid Berg' },
  { value: 'sofie', label: 'Sofie Lunde' },
  { value: 'jonas', label: 'Jonas Eide' },
  { value: 'amina', label: 'Amina Ali' },
];

/** /examples/multi-select: names up to 2, then '{n} valgt' (spec §2, decision 028). */
export function Component() {
  const [value, setValue] = useState<string[]>(['marius']);
  return (
    <ExamplePage title="Multi-select" lead="Velg flere. Knappen viser navnene opptil 2, deretter antall valgte.">
      <ExampleBox title="Instruktører">
        <div className="max-w-md">
          <MultiSelect label="Velg instruktører" options={OPTIONS} value={value} onChange={setValue} maxNamesShown={2} placeholder="Ingen valgt" />
        </div>
        <p aria-live="polite" className="text-muted">
          Valgt: {value.length ? OPTIONS.filter((o) => value.includes(o.value)).map((o) => o.label).join(', ') : 'ingen'}
        </p>
      </ExampleBox>
    </ExamplePage>
  );
}

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ExampleBox, ExamplePage } from './example-layout';

/** Spec §9: the example durations 2, 5, 10 and 15 s, and one that never expires. */
const DURATIONS = [
  { ms: 2000, label: '2 sekunder' },
  { ms: 5000, label: '5 sekunder' },
  { ms: 10_000, label: '10 sekunder' },
  { ms: 15_000, label: '15 sekunder' },
  { ms: Infinity, label: 'Uendelig' },
] as const;

const TYPES = [
  { type: 'success', label: 'Suksess', message: 'Kurset har blitt opprettet' },
  { type: 'error', label: 'Feil', message: 'Kunne ikke opprette kurset' },
  { type: 'warning', label: 'Advarsel', message: 'Din session har gått ut. Vennligst logg inn igjen.' },
  { type: 'info', label: 'Info', message: 'Du har blitt logget ut' },
] as const;

/** /examples/toast: every type, each duration; the bar shows the time left and pauses while hovered. */
export function Component() {
  return (
    <ExamplePage title="Toast" lead="Korte meldinger nederst på skjermen. Standard er 5 sekunder; musepekeren over meldingen pauser den.">
      <ExampleBox title="Varighet" buttons>
        {DURATIONS.map((d) => (
          <Button key={d.label} variant="secondary" onClick={() => toast.info(`Denne meldingen varer ${d.label.toLowerCase()}.`, d.ms)}>
            {d.label}
          </Button>
        ))}
      </ExampleBox>
      <ExampleBox title="Typer" buttons>
        {TYPES.map((t) => (
          <Button key={t.type} variant="secondary" onClick={() => toast[t.type](t.message)}>
            {t.label}
          </Button>
        ))}
      </ExampleBox>
    </ExamplePage>
  );
}

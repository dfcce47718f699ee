import { Link } from 'react-router';
import { Page } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

const CARDS = [
  { to: paths.exampleModal, title: 'Modal', text: 'Et vindu over siden, med eller uten overskrift og lukkeknapp.' },
  { to: paths.exampleToast, title: 'Toast', text: 'Korte meldinger som forsvinner av seg selv: 2, 5, 10 og 15 sekunder, eller aldri.' },
  { to: paths.exampleAlert, title: 'Alert', text: 'Dialoger som venter på svar: varsel, bekreftelse og spørsmål med et felt.' },
  { to: paths.exampleMultiSelect, title: 'Multi-select', text: 'Velg flere: viser navn opptil 2, deretter antall valgte.' },
  { to: paths.exampleGroupSelect, title: 'Group-select', text: 'Valg gruppert slik barnevelgeren grupperer barn etter profil.' },
  { to: paths.exampleUserRegistrations, title: 'Brukerregistreringer', text: 'Brukere og barn registrert i en valgt periode.' },
] as const;

/** /examples: the developer examples (spec §2), six cards. */
export function Component() {
  return (
    <Page title="Eksempler" lead="Komponentene nettstedet bygger på, slik de ser ut og oppfører seg.">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="flex h-full flex-col gap-2 rounded-2xl bg-white p-5 no-underline shadow-sm ring-1 ring-line transition-shadow hover:shadow-md hover:ring-sea-700"
            >
              <h2 className="text-xl font-bold text-sea-900">{card.title}</h2>
              <p className="text-muted">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

import { OUTBOX_KEEP_DAYS } from '@shared/constants';
import { Page } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { useAppConfig } from '@/lib/app-config';
import { countOf } from '@/lib/format';
import { TitledSection } from '@/components/ui/titled-section';

/** /personvern: what is stored and how long; the periods come from /api/config, what the retention job itself uses. */
function Privacy() {
  const config = useAppConfig();
  if (config.isPending) return <p role="status">Laster …</p>;
  if (config.isError) return <p role="alert">Kunne ikke hente personvernerklæringen</p>;
  const r = config.data.retention;
  const months = countOf(r.months, 'måned', 'måneder');
  return (
    <div className="max-w-3xl space-y-8 text-lg">
      <TitledSection id="hva" title="Hva vi lagrer, og hvorfor" titleClassName="mb-2 text-2xl font-bold text-sea-900">
        <ul className="list-disc space-y-2 pl-6">
          <li>Om deg som foresatt: navn, telefon, e-post og adresse fra Vipps, for å kunne logge deg inn, sende kvitteringer og nå deg om kurset.</li>
          <li>Om barnet: navn og fødselsdato, for å finne riktig kurs og føre oppmøte.</li>
          <li>Nødkontakt, helseopplysninger og fotosamtykke, bare hvis du selv fyller dem ut, for at barnet skal være trygt i vannet.</li>
          <li>Bestillinger og betalinger, fordi bokføringsloven krever at vi tar vare på dem i 5 år.</li>
        </ul>
      </TitledSection>
      <TitledSection id="hvem" title="Hvem ser hva" titleClassName="mb-2 text-2xl font-bold text-sea-900">
        <ul className="list-disc space-y-2 pl-6">
          <li>Du og de andre foresatte i familien ser alt om barna deres.</li>
          <li>
            <strong>Instruktøren</strong> ser bare barna på sine egne kurs: navn, alder, telefon til foresatte, nødkontakten og «Ikke foto» når dere
            ikke har samtykket til bilder.
          </li>
          <li>
            <strong>Helseopplysninger</strong> leser bare instruktørene på barnets kurs, når de trykker på merket ved barnet, og administrator. Hver
            gang noen leser dem, blir det logget, og loggen ser du på profilen din under «Helse og kontakt».
          </li>
          <li>
            <strong>Administrator</strong> ser det som trengs for å drive kursene. Ingen andre familier ser noe om dere.
          </li>
        </ul>
      </TitledSection>
      <TitledSection id="hvor-lenge" title="Hvor lenge vi tar vare på det" titleClassName="mb-2 text-2xl font-bold text-sea-900">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Barnet</strong>, med nødkontakt og fotosamtykke, slettes {months} etter at det siste kurset er slutt, eller etter registreringen
            hvis barnet aldri har gått på kurs. Et barn med et kurs som ikke er ferdig, slettes aldri.
          </li>
          <li>
            <strong>Helseopplysningene</strong> slettes {countOf(r.healthNoteDays, 'dag', 'dager')} etter at barnets siste kurs er slutt, eller med en
            gang du tar bort samtykket. Du får en e-post før de slettes.
          </li>
          <li>
            <strong>Kontoen din</strong> slettes når du ikke har barn igjen og ikke har logget inn på {months}. Du får en e-post{' '}
            {countOf(r.warningDays, 'dag', 'dager')} før, med en lenke for å beholde kontoen.
          </li>
          <li>
            <strong>Bestillinger</strong> beholdes i 5 år for regnskapet, men navnene i dem erstattes når barnet eller kontoen slettes.
          </li>
          <li>
            <strong>E-post vi sender deg:</strong> innholdet slettes så snart e-posten er sendt. Mottaker, emne og tidspunkt slettes etter{' '}
            {OUTBOX_KEEP_DAYS} dager, og alt sammen når kontoen din slettes.
          </li>
        </ul>
        <p className="mt-4">
          Du kan laste ned alt vi har lagret om familien din, eller slette kontoen din, under «Dine data» på profilen. Spørsmål? Kontakt {site.companyName}.
        </p>
      </TitledSection>
    </div>
  );
}

export function Component() {
  return (
    <Page title="Personvern" lead="Hva vi lagrer om deg og barnet ditt, hvem som ser det, og hvor lenge.">
      <Privacy />
    </Page>
  );
}

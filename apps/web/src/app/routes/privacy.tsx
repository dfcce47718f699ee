import { careTexts } from '@shared/api';
import { OUTBOX_KEEP_DAYS } from '@shared/constants';
import { Container, PageHeader } from '@/components/ui/page-header';
import { site, pageTitle } from '@/config/site';
import { useAppConfig } from '@/lib/app-config';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /personvern (issue 39): what is stored, why, who sees it and how long, in plain Norwegian. The periods come from
 * /api/config, which gives the settings the retention job itself uses, so the text cannot drift from what it does.
 */
function Privacy() {
  const config = useAppConfig();
  if (config.isPending) return <p role="status">Laster …</p>;
  if (config.isError) return <p role="alert">Kunne ikke hente personvernerklæringen</p>;
  const r = config.data.retention;
  const texts = careTexts(r);
  return (
    <div className="max-w-3xl space-y-8 text-lg">
      <section aria-labelledby="hva">
        <h2 id="hva" className="mb-2 text-2xl font-bold text-sea-900">
          Hva vi lagrer, og hvorfor
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>Om deg som foresatt: navn, telefon, e-post og adresse fra Vipps, for å kunne logge deg inn, sende kvitteringer og nå deg om kurset.</li>
          <li>Om barnet: navn og fødselsdato, for å finne riktig kurs og føre oppmøte.</li>
          <li>Nødkontakt, helseopplysninger og fotosamtykke, bare hvis du selv fyller dem ut, for at barnet skal være trygt i vannet.</li>
          <li>Bestillinger og betalinger, fordi bokføringsloven krever at vi tar vare på dem i 5 år.</li>
        </ul>
      </section>
      <section aria-labelledby="hvem">
        <h2 id="hvem" className="mb-2 text-2xl font-bold text-sea-900">
          Hvem ser hva
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>Du og de andre foresatte i familien ser alt om barna deres.</li>
          <li>Instruktøren ser bare barna på sine egne kurs: navn, alder, telefon til foresatte og nødkontakt, og «Ikke foto».</li>
          <li>{texts.healthNote}</li>
          <li>Administrator ser det som trengs for å drive kursene. Ingen andre familier ser noe om dere.</li>
        </ul>
      </section>
      <section aria-labelledby="hvor-lenge">
        <h2 id="hvor-lenge" className="mb-2 text-2xl font-bold text-sea-900">
          Hvor lenge vi tar vare på det
        </h2>
        <ul className="list-disc space-y-2 pl-6">
          <li>{texts.account}</li>
          <li>{texts.emergencyContact}</li>
          <li>Før helseopplysningene slettes etter kurset, får du en e-post.</li>
          <li>Bestillinger beholdes i 5 år for regnskapet, men navnene i dem erstattes når barnet eller kontoen slettes.</li>
          <li>
            E-post vi sender deg: innholdet slettes så snart e-posten er sendt. Mottaker, emne og tidspunkt slettes etter {OUTBOX_KEEP_DAYS} dager,
            og alt sammen når kontoen din slettes.
          </li>
          <li>Et barn med et kurs som ikke er ferdig, slettes aldri.</li>
        </ul>
        <p className="mt-4">
          Du kan laste ned alt vi har lagret om familien din, eller slette kontoen din, under «Dine data» på profilen. Spørsmål? Kontakt {site.companyName}.
        </p>
      </section>
    </div>
  );
}

export function Component() {
  useDocumentTitle(pageTitle('Personvern'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Personvern" lead="Hva vi lagrer om deg og barnet ditt, hvem som ser det, og hvor lenge." />
      <Privacy />
    </Container>
  );
}

import { Link } from 'react-router';
import { GIFT_CARD_MAX_KR, GIFT_CARD_MIN_KR, GIFT_CARD_VALIDITY_YEARS } from '@shared/api';
import { Container, PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { pageTitle } from '@/config/site';
import { GiftCardForm } from '@/features/gift-cards/components/gift-card-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /gavekort: anyone, logged in or not, buys a gift card with Vipps (decision 059). */
export function Component() {
  useDocumentTitle(pageTitle('Gavekort'));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader
        title="Gavekort"
        lead={`Gi bort babysvømming. Velg et beløp fra ${GIFT_CARD_MIN_KR} til ${GIFT_CARD_MAX_KR.toLocaleString('nb-NO')} kr og betal med Vipps. Gavekortet kommer på e-post som PDF.`}
      />
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="kjop-tittel" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">
          <h2 id="kjop-tittel" className="mb-6 text-2xl font-bold text-sea-900">
            Kjøp gavekort
          </h2>
          <GiftCardForm />
        </section>
        <section aria-labelledby="slik-tittel" className="self-start rounded-3xl bg-sand-100 p-5 sm:p-8">
          <h2 id="slik-tittel" className="mb-4 text-2xl font-bold text-sea-900">
            Slik virker det
          </h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>Etter betalingen ser du koden på skjermen, og gavekortet sendes til e-posten din.</li>
            <li>Den som får gavekortet, løser det inn på Min profil. Verdien blir et tilgodebeløp som brukes når de bestiller kurs.</li>
            <li>Gavekortet er gyldig i {GIFT_CARD_VALIDITY_YEARS} år fra kjøpet.</li>
            <li>
              Angrerett og andre vilkår står i{' '}
              <Link className="font-medium text-sea-800 underline" to={paths.terms}>
                regler og betingelser
              </Link>
              .
            </li>
          </ul>
        </section>
      </div>
    </Container>
  );
}

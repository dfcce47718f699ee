import { Container, PageHeader } from '@/components/ui/page-header';
import { pageTitle, site } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle(pageTitle('Kontakt'));
  const tel = site.contactPhone.replace(/[^\d+]/g, '');
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Kontakt oss" lead="Har du spørsmål om kurs, steder eller bestilling? Send oss en melding, så svarer vi så fort vi kan." />
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="skjema-tittel" className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">
          <h2 id="skjema-tittel" className="mb-6 text-2xl font-bold text-sea-900">
            Skriv til oss
          </h2>
          <ContactForm />
        </section>
        <section aria-labelledby="kontaktinfo-tittel" className="self-start rounded-3xl bg-sand-100 p-5 sm:p-8">
          <h2 id="kontaktinfo-tittel" className="mb-4 text-2xl font-bold text-sea-900">
            Kontaktinformasjon
          </h2>
          <dl className="space-y-4">
            <div>
              <dt className="font-semibold">Telefon</dt>
              <dd>
                <a href={`tel:${tel}`} className="inline-flex min-h-11 items-center text-lg font-medium text-sea-800 underline">
                  {site.contactPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">E-post</dt>
              <dd>
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="inline-flex min-h-11 items-center text-lg font-medium break-all text-sea-800 underline"
                >
                  {site.contactEmail}
                </a>
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </Container>
  );
}

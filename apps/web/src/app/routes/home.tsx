import { ButtonLink } from '@/components/ui/button';
import { Container } from '@/components/ui/page-header';
import { HeroIllustration, HeroWaves } from '@/components/layout/hero-waves';
import { anchors, paths } from '@/config/paths';
import { site } from '@/config/site';
import { AboutText, ServiceAreaList } from '@/features/about/components/about-section';
import { FaqList } from '@/features/faqs/components/faq-list';
import { VenueGrid } from '@/features/venues/components/venue-grid';
import { faqsQueryOptions } from '@/features/faqs/api/faqs';
import { venuesQueryOptions } from '@/features/venues/api/venues';
import { useDocumentTitle } from '@/lib/use-document-title';
import { preloading } from '../page-data';

export const homeLoader = preloading(venuesQueryOptions, faqsQueryOptions);

export function HomeRoute() {
  useDocumentTitle(`${site.companyName} | ${site.tagline}`);
  return (
    <>
      <section aria-labelledby="hero-tittel" className="relative overflow-hidden bg-gradient-to-b from-sea-900 to-sea-800 text-white">
        <Container className="grid grid-cols-1 items-center gap-6 pt-10 pb-20 sm:pt-14 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:pb-28">
          <div>
            <p className="font-semibold tracking-wide text-aqua-200 uppercase">{site.companyName}</p>
            <h1 id="hero-tittel" className="mt-2 text-4xl leading-tight font-bold sm:text-5xl">
              Trygg og morsom babysvømming
            </h1>
            <p className="mt-4 max-w-xl text-lg text-sea-100 sm:text-xl">{site.tagline}.</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={paths.courses} variant="accent" size="lg">
                Bestill kurs
              </ButtonLink>
              <ButtonLink to={paths.about} variant="onDark" size="lg">
                Les mer om babysvømming
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration className="mx-auto hidden h-auto w-full max-w-xs md:block" />
        </Container>
        <HeroWaves className="absolute inset-x-0 bottom-0 h-12 w-full sm:h-16" />
      </section>

      <Container className="py-10 sm:py-14">
        <section id={anchors.places} aria-labelledby="kurssteder-tittel">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <h2 id="kurssteder-tittel" className="text-3xl font-bold text-sea-900">
              Kurssteder
            </h2>
          </div>
          <VenueGrid />
        </section>

        <div className="mt-16 grid grid-cols-1 gap-12 lg:grid-cols-2">
          <section id={anchors.faq} aria-labelledby="faq-tittel">
            <h2 id="faq-tittel" className="mb-6 text-3xl font-bold text-sea-900">
              Ofte stilte spørsmål
            </h2>
            <FaqList />
          </section>

          <section id={anchors.about} aria-labelledby="om-tittel" className="self-start rounded-3xl bg-sand-100 p-6 sm:p-8">
            <h2 id="om-tittel" className="mb-4 text-3xl font-bold text-sea-900">
              Om {site.companyName}
            </h2>
            <AboutText />
            <div className="mt-6">
              <ServiceAreaList />
            </div>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to={paths.about} variant="secondary">
                Les mer om oss
              </ButtonLink>
              <ButtonLink to={paths.contact} variant="ghost">
                Kontakt oss
              </ButtonLink>
            </div>
          </section>
        </div>
      </Container>
    </>
  );
}

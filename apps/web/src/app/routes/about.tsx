import { ButtonLink } from '@/components/ui/button';
import { Page } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { AboutText, ServiceAreaList } from '@/features/about/components/about-section';
import { InstructorList } from '@/features/users/components/instructor-list';
import { instructorsQueryOptions } from '@/features/users/api/users';
import { preloading } from '../page-data';
import { TitledSection } from '@/components/ui/titled-section';

export const loader = preloading(instructorsQueryOptions);

export function Component() {
  return (
    <Page title="Om oss" lead={site.tagline}>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <AboutText />
          <div className="mt-6">
            <ServiceAreaList />
          </div>
          <div className="mt-8">
            <ButtonLink to={paths.courses}>Bestill kurs</ButtonLink>
          </div>
        </div>
        <TitledSection id="instruktorer-tittel" title="Våre instruktører" titleClassName="mb-4 text-2xl font-bold text-sea-900">
          <InstructorList />
        </TitledSection>
      </div>
    </Page>
  );
}

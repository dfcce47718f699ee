import { site } from '@/config/site';
import { listOf } from '@/lib/format';

/** The company in short: running since the founding year, yearly lifesaving test, the service areas. */
export function AboutText() {
  const years = new Date().getFullYear() - site.foundedYear;
  return (
    <div className="space-y-4 text-lg leading-relaxed text-ink">
      <p>
        {site.companyName} har holdt kurs i babysvømming og småbarnsvømming siden {site.foundedYear}. Det er {years} år med
        plask, sang og trygg vanntilvenning for de minste – og gode stunder sammen for foreldrene.
      </p>
      <p>
        Alle instruktørene våre tar livredningsprøve hvert år, slik at du og barnet kan føle dere trygge i vannet. Kursene
        passer for barn fra noen måneder gamle og opp til skolealder, og vi deler dem inn etter alder og erfaring.
      </p>
      <p>Du finner oss i {listOf(site.serviceAreas)}.</p>
    </div>
  );
}

export function ServiceAreaList() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Områder vi holder kurs i">
      {site.serviceAreas.map((area) => (
        <li key={area} className="rounded-full bg-aqua-100 px-4 py-1.5 font-semibold text-aqua-700">
          {area}
        </li>
      ))}
    </ul>
  );
}

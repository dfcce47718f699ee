/** Fixed Norwegian texts and names of the demo. The generator (demo-data.ts) combines them with a seeded PRNG. */
import { GIFT_CARD_VALIDITY_YEARS } from '@app/shared';

/** `weekday`: the venue's course day, Monday = 0 … Saturday = 5; `blockStart`: the start of its first 30-minute slot. */
export const DEMO_VENUES = [
  {
    name: 'Sagene Basseng',
    address: 'Kierschows gate 5',
    zipCode: '0462',
    place: 'Oslo',
    info: 'Sagene Basseng er et lunt og rolig basseng med vanntemperatur på rundt 34 °C, perfekt for de minste. Garderobene har stellebord og egne familiebåser. Bussen stopper rett utenfor, og det er god sykkelparkering ved inngangen.',
    weekday: 0,
    blockStart: '09:30',
    hasCourses: true,
  },
  {
    name: 'Majorstuen Svømmehall',
    address: 'Kirkeveien 64',
    zipCode: '0364',
    place: 'Oslo',
    info: 'Opplæringsbassenget på Majorstuen holder om lag 33 °C og har god plass til både barn og foreldre. Det er stellerom i begge garderobene. Nærmeste T-banestasjon er Majorstuen, kun fem minutters gange unna.',
    weekday: 1,
    blockStart: '10:00',
    hasCourses: true,
  },
  {
    name: 'Nordstrand Bad',
    address: 'Nordstrandveien 40',
    zipCode: '1163',
    place: 'Oslo',
    info: 'Nordstrand Bad har et varmtvannsbasseng på 33–34 °C med grunn ende som passer godt for småbarnsvømming. Familiegarderoben har stellebord og plass til barnevogn. Det er gratis parkering bak bygget.',
    weekday: 2,
    blockStart: '16:30',
    hasCourses: true,
  },
  {
    name: 'Grorud Basseng',
    address: 'Grorudveien 10',
    zipCode: '0976',
    place: 'Oslo',
    info: 'Grorud Basseng er nylig pusset opp og har behagelige 34 °C i opplæringsbassenget. Garderobene er romslige med stellebord og hårføner. T-banen til Grorud stasjon går hvert kvarter, og det er parkering like ved.',
    weekday: 3,
    blockStart: '09:00',
    hasCourses: true,
  },
  {
    name: 'Lillestrøm Svømmehall',
    address: 'Stillverkveien 2',
    zipCode: '2004',
    place: 'Lillestrøm',
    info: 'I Lillestrøm Svømmehall bruker vi det varme terapibassenget, som holder rundt 34 °C. Det er egne familiegarderober med stellebord. Hallen ligger kort gange fra Lillestrøm stasjon, og det er parkering i nærheten.',
    weekday: 4,
    blockStart: '10:00',
    hasCourses: true,
  },
  {
    name: 'Strømmen Bad',
    address: 'Strømsveien 50',
    zipCode: '2010',
    place: 'Lillestrøm',
    info: 'Strømmen Bad har et oversiktlig basseng på 33 °C der barna kan leke trygt. Garderobene har stellebord og barnestoler til dusjen. Det er gratis parkering ved Strømmen Storsenter rett over gaten.',
    weekday: 5,
    blockStart: '09:00',
    hasCourses: true,
  },
  {
    name: 'Skjetten Bad',
    address: 'Skjettenveien 80',
    zipCode: '2013',
    place: 'Skjetten',
    info: 'Skjetten Bad har et eget babybasseng på rundt 34 °C med rolige omgivelser. Familiegarderoben har stellebord og god plass. Busser fra Lillestrøm og Oslo stopper like ved, og det er parkering utenfor.',
    weekday: 0,
    blockStart: '17:00',
    hasCourses: true,
  },
  {
    name: 'Skedsmokorset Svømmehall',
    address: 'Kirkeveien 2',
    zipCode: '2020',
    place: 'Skedsmokorset',
    info: 'Opplæringsbassenget på Skedsmokorset holder 33–34 °C og er godt egnet for både babyer og småbarn. Garderobene har stellebord og egne familiebåser. Det er god parkering rett ved inngangen.',
    weekday: 2,
    blockStart: '09:30',
    hasCourses: true,
  },
  {
    name: 'Jessheim Badeland',
    address: 'Trondheimsvegen 20',
    zipCode: '2050',
    place: 'Jessheim',
    info: 'På Jessheim Badeland holder vi kurs i det varme barnebassenget på rundt 34 °C. Her finner du store familiegarderober med stellebord. Badelandet ligger sentralt med parkering og kort vei fra Jessheim stasjon.',
    weekday: 5,
    blockStart: '10:30',
    hasCourses: true,
  },
  {
    name: 'Bjerke Basseng',
    address: 'Refstadveien 1',
    zipCode: '0589',
    place: 'Oslo',
    info: 'Bjerke Basseng er vårt nyeste kurssted, med varmt vann på rundt 33 °C og nyoppussede garderober med stellebord. Kursene her starter opp snart. Bussen stopper ved Bjerke travbane, like ved bassenget.',
    weekday: 3,
    blockStart: '10:00',
    hasCourses: false,
  },
];

/** Course kinds rotated over the slots: name, experience level and age band. */
export const COURSE_KINDS: { name: string; level: string; age: string }[] = [
  { name: 'Babysvømming 1', level: 'Nybegynner', age: '2–6 mnd' },
  { name: 'Babysvømming 2', level: 'Nybegynner', age: '6–12 mnd' },
  { name: 'Småbarnsvømming 1', level: 'Nybegynner', age: '1–2 år' },
  { name: 'Babysvømming 3', level: 'Viderekommen', age: '6–12 mnd' },
  { name: 'Småbarnsvømming 2', level: 'Viderekommen', age: '1–2 år' },
  { name: 'Søskensvømming', level: 'Søskensvømming', age: '2–4 år' },
  { name: 'Småbarnsvømming 3', level: 'Nybegynner/Viderekommen', age: '2–4 år' },
  { name: 'Barnesvømming 1', level: 'Nybegynner', age: '4–6 år' },
  { name: 'Barnesvømming 2', level: 'Viderekommen', age: '6–10 år' },
  { name: 'Barnesvømming 3', level: 'Nybegynner/Viderekommen', age: '4–6 år' },
];

/** 'Arrangement' is for one-off events (one or two dates), never for a course of several weeks. */
export const DEMO_EVENTS: { name: string; age: string; dates: 1 | 2; priceKr: number; info: string }[] = [
  {
    name: 'Vannlek og sang',
    age: '1–2 år',
    dates: 1,
    priceKr: 250,
    info: 'En formiddag med sang, leker og vannlek for de minste. Foreldre er med i vannet.',
  },
  {
    name: 'Åpen dag i bassenget',
    age: '0–6 år',
    dates: 2,
    priceKr: 200,
    info: 'Prøv babysvømming før dere melder dere på et kurs. Velg én av dagene, eller kom begge.',
  },
];

export const COURSE_INFOS: string[] = [
  '',
  '',
  'Husk badebleie og badetøy til barnet. En voksen er med i vannet hele tiden.',
  'Kurset passer for barn som har gått et kurs hos oss før. Les mer om vanntilvenning hos Norges Svømmeforbund: https://www.svomming.no/',
  'Siste kursdag avslutter vi med diplom til alle barna!',
  'Vi anbefaler å komme 15 minutter før kursstart, så rekker dere å skifte i ro og mak.',
  'Er barnet sykt, se rådene på https://www.helsenorge.no/ før dere kommer. Syke barn skal ikke bade.',
];

export const INSTRUCTOR_NAMES: { firstName: string; lastName: string }[] = [
  { firstName: 'Hanne', lastName: 'Solberg' },
  { firstName: 'Jonas', lastName: 'Lie' },
  { firstName: 'Mette', lastName: 'Bakken' },
  { firstName: 'Eirik', lastName: 'Haugen' },
  { firstName: 'Silje', lastName: 'Moen' },
];

export const FEMALE_NAMES = [
  'Nora', 'Emma', 'Sofie', 'Olivia', 'Ella', 'Maja', 'Ingrid', 'Frida', 'Astrid', 'Leah', 'Selma', 'Sara', 'Hedda',
  'Amalie', 'Tiril', 'Live', 'Eline', 'Ida', 'Thea', 'Julie', 'Vilde', 'Mia', 'Oline', 'Aurora', 'Hanna', 'Marte',
  'Kristine', 'Camilla', 'Silje', 'Marianne', 'Linn', 'Ane', 'Guro', 'Maren', 'Tonje', 'Ragnhild',
];
export const MALE_NAMES = [
  'Jakob', 'Emil', 'Noah', 'Oliver', 'Filip', 'William', 'Lucas', 'Liam', 'Henrik', 'Oskar', 'Aksel', 'Johannes',
  'Isak', 'Magnus', 'Theodor', 'Sander', 'Kasper', 'Ludvig', 'Tobias', 'Elias', 'Mathias', 'Anders', 'Kristian',
  'Martin', 'Thomas', 'Per', 'Ola', 'Jørgen', 'Håkon', 'Even', 'Sindre', 'Torbjørn', 'Fredrik', 'Øyvind',
];
export const LAST_NAMES = [
  'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen', 'Kristiansen', 'Jensen', 'Karlsen',
  'Johnsen', 'Pettersen', 'Eriksen', 'Berg', 'Haugen', 'Hagen', 'Johannessen', 'Andreassen', 'Jacobsen', 'Dahl',
  'Jørgensen', 'Halvorsen', 'Henriksen', 'Lund', 'Sørensen', 'Jakobsen', 'Moen', 'Gundersen', 'Iversen', 'Strand',
  'Solberg', 'Svendsen', 'Eide', 'Knutsen', 'Martinsen', 'Paulsen', 'Bakke', 'Kristoffersen', 'Mathisen', 'Lie',
  'Ahmadi', 'Nguyen', 'Ali', 'Kowalski', 'Hussain',
];
export const STREETS = [
  'Bogstadveien', 'Thorvald Meyers gate', 'Trondheimsveien', 'Ullevålsveien', 'Sandakerveien', 'Storgata',
  'Kongsvingervegen', 'Nittedalsgata', 'Jernbanegata', 'Fetveien', 'Gamle Trondheimsvei', 'Ekebergveien',
  'Grorudveien', 'Kjeller allé', 'Furuveien', 'Bjørkelia',
];
/** Zip code and town pairs for guardians' addresses. */
export const TOWNS: { zipCode: string; place: string }[] = [
  { zipCode: '0454', place: 'Oslo' },
  { zipCode: '0561', place: 'Oslo' },
  { zipCode: '0360', place: 'Oslo' },
  { zipCode: '1169', place: 'Oslo' },
  { zipCode: '0975', place: 'Oslo' },
  { zipCode: '2000', place: 'Lillestrøm' },
  { zipCode: '2010', place: 'Strømmen' },
  { zipCode: '2013', place: 'Skjetten' },
  { zipCode: '2020', place: 'Skedsmokorset' },
  { zipCode: '2050', place: 'Jessheim' },
];

export const DEMO_FAQS: { question: string; answer: string }[] = [
  {
    question: 'Hvor gammelt må barnet være for å begynne?',
    answer: 'Barnet kan begynne på babysvømming fra det er rundt 2 måneder gammelt og veier over 5 kilo. Vi har kurs for alle aldre fra 2 måneder til 10 år, så det er aldri for sent å starte.',
  },
  {
    question: 'Hva skal vi ha med oss?',
    answer: 'Ta med badebleie, badetøy til deg selv, håndkle til dere begge og gjerne en liten matbit til etterpå. Mange liker også å ta med en badekåpe eller et varmt teppe til barnet.',
  },
  {
    question: 'Må barnet ha badebleie?',
    answer: 'Ja, alle barn som ikke er helt tørre må ha badebleie, gjerne en gjenbruksbleie med tett strikk rundt lår og liv. Badebleier kan også kjøpes i resepsjonen på de fleste badene.',
  },
  {
    question: 'Hva gjør vi hvis barnet er sykt?',
    answer: 'Syke barn skal ikke bade. Har barnet feber, omgangssyke eller øyekatarr, må dere stå over kursdagen. Gi oss gjerne beskjed på e-post. Ved lengre sykdom kan vi ofte tilby en plass på et senere kurs.',
  },
  {
    question: 'Hvor varmt er vannet?',
    answer: 'Vi holder kurs i basseng med 33–34 °C i vannet, slik at barna ikke fryser. Små babyer blir likevel fort kalde, så hold øye med leppene og ta en pause hvis barnet skjelver.',
  },
  {
    question: 'Får jeg pengene tilbake hvis vi ikke kan fullføre kurset?',
    answer: 'Melder du av i god tid før første kursdag, får du hele beløpet tilbake. Hva som gjelder senere, står under «Avbestilling» i våre regler og betingelser. Du melder av under «Meld av kurset» på profilen din, og pengene går tilbake til Vipps.',
  },
  {
    question: 'Kan søsken være med?',
    answer: 'Ja! Vi har egne søskenkurs der to barn kan delta sammen med hver sin voksen. Søsken som ikke deltar på kurset kan ikke være med i vannet av sikkerhetshensyn.',
  },
  {
    question: 'Hvordan fungerer påmeldingen?',
    answer: 'Logg inn med Vipps, legg til barnet i profilen din og velg kurset du ønsker under «Bestill kurs». Du betaler med Vipps, og plassen er din så snart betalingen er godkjent. Du får bekreftelse på e-post.',
  },
  {
    question: 'Må begge foreldrene være med?',
    answer: 'Det holder med én voksen i vannet per barn. Den andre forelderen kan gjerne se på fra bassengkanten der det er plass, eller bytte på å være med fra gang til gang.',
  },
  {
    question: 'Hva lærer barnet på kurset?',
    answer: 'Vi jobber med vanntilvenning, trygghet og glede i vann gjennom lek og sang. Etter hvert øver vi på å flyte, dykke kort og gripe tak i kanten. Målet er et barn som trives og er trygg i vannet.',
  },
];

export const DEMO_TERMS: { category: string; priority: number; texts: string[] }[] = [
  {
    category: 'Påmelding og betaling',
    priority: 100,
    texts: [
      'Påmelding skjer på nettsiden med innlogging via Vipps. Plassen er bindende når betalingen er godkjent.',
      'Kursavgiften betales i sin helhet ved påmelding. Prisen gjelder for ett barn med én voksen i vannet.',
      'Du får ordrebekreftelse på e-post. Ta kontakt med oss dersom du ikke har mottatt den innen ett døgn.',
    ],
  },
  {
    category: 'Søskenrabatt',
    priority: 90,
    texts: [
      'Når vi gir søskenrabatt, gjelder den for hvert barn i familien etter det første som er påmeldt i samme sesong. Et barn regnes som påmeldt når kurset er betalt, eller mens plassen holdes for betaling. Rabatten står i bestillingen før du betaler.',
      'Rabatten gis én gang per barn og sesong. Melder dere av det første barnets plass, beholder søsknene rabatten de allerede har fått.',
      'Melder dere av et kurs med rabatt, får dere tilbake av det dere betalte, aldri mer enn det.',
    ],
  },
  // Cancellation and refunds are the generated 'Avbestilling' section's alone (walk-through 06.12, finding 7).
  {
    category: 'Når vi avlyser',
    priority: 80,
    texts: [
      'Må vi avlyse en kursdag, for eksempel fordi bassenget er stengt, får dere e-post og velger selv: en erstatningstime på et kurs med ledig plass, pengene for dagen tilbake, eller et tilgodebeløp. Velger dere erstatningstime, får barnet en erstatningstime som brukes som ved fravær.',
      'Avlyser vi hele kurset, får dere hele beløpet tilbake.',
    ],
  },
  {
    category: 'Gavekort',
    priority: 70,
    texts: [
      `Et gavekort er gyldig i ${GIFT_CARD_VALIDITY_YEARS} år fra kjøpet. Utløpsdatoen står på gavekortet. Gavekortet kan ikke byttes i kontanter.`,
      "Gavekortet løses inn på Min profil ('Løs inn gavekort'). Verdien blir et tilgodebeløp for familien med gavekortets utløpsdato, og brukes når dere bestiller kurs. Koden kan brukes én gang.",
      'Angrerett: Den som har kjøpt gavekortet, kan angre kjøpet innen 14 dager etter kjøpet, så lenge gavekortet ikke er løst inn. Ta kontakt med oss via skjemaet på nettsiden, så får du pengene tilbake til Vipps.',
    ],
  },
  {
    category: 'Sykdom og fravær',
    priority: 60,
    texts: [
      'Syke barn skal ikke bade. Ved feber, omgangssyke eller smittsom sykdom må dere stå over kursdagen.',
      "Meld fravær på Min profil ('Meld fravær') senest 2 timer før timen, så får barnet en erstatningstime: en plass på en annen time på samme nivå, i samme by, der det er ledig. Barnet kan få inntil 2 erstatningstimer per kurs.",
      'En erstatningstime gjelder ut sesongen, men alltid minst 60 dager. Den er verdt en plass, ikke penger: den betales ikke tilbake og blir aldri et tilgodebeløp.',
      'Ved lengre sykdom kan vi ofte tilby plass på et senere kurs der det er ledig.',
    ],
  },
  {
    category: 'Sikkerhet i bassenget',
    priority: 40,
    texts: [
      'Barnet skal alltid ha en voksen med seg i vannet og skal aldri være alene på bassengkanten.',
      'Følg instruktørens anvisninger og badeanleggets ordensregler. Alle våre instruktører tar livredningsprøve hvert år.',
      'Alle barn som ikke er helt tørre skal bruke badebleie.',
    ],
  },
];

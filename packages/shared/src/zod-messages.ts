import type { z } from 'zod';

/** zod's messages in Norwegian ('Maks 100 tegn'), installed by ./zod.ts; a schema's own text still wins. */

/** 100000 → '100 000', as nb-NO writes numbers. */
const NUMBER = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 20 });
const limitOf = (value: number | bigint | Date): string => (value instanceof Date ? value.toISOString().slice(0, 10) : NUMBER.format(value));

const FORMATS: Record<string, string> = {
  email: 'Ugyldig e-postadresse',
  url: 'Ugyldig nettadresse',
  datetime: 'Ugyldig dato og tid',
  date: 'Ugyldig dato',
  time: 'Ugyldig klokkeslett',
};

const TYPES: Record<string, string> = {
  number: 'Må være et tall',
  int: 'Må være et heltall',
  bigint: 'Må være et heltall',
  string: 'Må være tekst',
  boolean: 'Må være ja eller nei',
  array: 'Må være en liste',
  date: 'Må være en dato',
};

/** The Norwegian text of one zod issue. */
export function norwegianZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Må fylles ut';
      return TYPES[issue.expected] ?? 'Ugyldig verdi';
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      switch (issue.origin) {
        case 'string':
          return issue.inclusive ? `Maks ${limit} tegn` : `Må være kortere enn ${limit} tegn`;
        case 'array':
        case 'set':
          return issue.inclusive ? `Velg høyst ${limit}` : `Velg færre enn ${limit}`;
        case 'date':
          return `Datoen må være før ${limit}`;
        case 'file':
          return 'Filen er for stor';
        default:
          return issue.inclusive ? `Kan være høyst ${limit}` : `Må være mindre enn ${limit}`;
      }
    }
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      switch (issue.origin) {
        case 'string':
          return Number(issue.minimum) <= 1 ? 'Må fylles ut' : `Minst ${limit} tegn`;
        case 'array':
        case 'set':
          return Number(issue.minimum) <= 1 ? 'Velg minst én' : `Velg minst ${limit}`;
        case 'date':
          return `Datoen må være etter ${limit}`;
        case 'file':
          return 'Filen er tom';
        default:
          return issue.inclusive ? `Må være minst ${limit}` : `Må være større enn ${limit}`;
      }
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'Ugyldig format';
    case 'not_multiple_of':
      return `Må gå opp i steg på ${limitOf(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Ukjent felt: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Ugyldig valg';
    default:
      return 'Ugyldig verdi';
  }
}

/** A text for a wrong type only: `z.number({ message })` would also answer every check that has no text of its own. */
export const onlyWrongType =
  (message: string) =>
  (issue: z.core.$ZodRawIssue): string | undefined =>
    issue.code === 'invalid_type' ? message : undefined;

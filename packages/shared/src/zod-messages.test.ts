import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as shared from './index';

/**
 * Walks every zod schema the shared package exports, feeds each field values past its limits (too long, too big,
 * too small, wrong type, missing) and reads every message zod gives: none may be English.
 */

const LONG = 'x'.repeat(100_001);
/** Values that are wrong for nearly any field: each type, the edges of sizes and numbers, the coerced strings. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  true,
  {},
  [],
  '',
  'x',
  LONG,
  '2026-13-45',
  'not an e-mail@',
  -1e15,
  1e15,
  0.5,
  -1,
  Number.NaN,
  '-1',
  '99999999999999999999',
  'abc',
];

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Inputs that break `schema` somewhere inside it: the bad values at its top, and (for objects and arrays) inside. */
function badInputs(schema: z.ZodType, depth = 0): unknown[] {
  const def = defOf(schema);
  const inner = [def.innerType, def.in, def.out, def.left, def.right, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  const out: unknown[] = depth === 0 ? [...BAD_VALUES] : [];
  if (depth > 4) return out;
  for (const s of inner) out.push(...badInputs(s, depth + 1));
  if (def.shape) {
    for (const [key, field] of Object.entries(def.shape)) {
      for (const value of [...BAD_VALUES, ...badInputs(field, depth + 1)]) out.push({ [key]: value });
    }
    out.push({ unknownField: 1 });
  }
  if (def.element) {
    out.push(Array.from({ length: 10_000 }, () => 'x'));
    for (const value of [...BAD_VALUES, ...badInputs(def.element, depth + 1)]) out.push([value]);
  }
  if (def.valueType) out.push({ key: LONG });
  return out;
}

const schemas = (Object.entries(shared) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
);

/** zod's English texts, to compare with: a message equal to what zod's English locale says fell through to it. */
const english = z.locales.en().localeError as (issue: z.core.$ZodRawIssue) => string | { message: string } | undefined;
const ENGLISH_WORDS =
  /\b(expected|invalid|input|too|big|small|must|required|string|number|characters?|received|should|greater|less|than|options?|selected|nothing|each|once|unknown|unrecognized|value|array|object|undefined|boolean|least|most)\b/i;
/** The spec's own text (§5, the registration-date query), kept as the spec writes it; the web shows its code's text. */
const SPEC_ENGLISH = new Set(['Invalid date format']);

describe('zod messages of the shared schemas', () => {
  it('finds the schemas to walk', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it('says every limit in Norwegian: too long, too big, too small, wrong type, missing', () => {
    const english: string[] = [];
    const codes = new Set<string>();
    for (const [name, schema] of schemas) {
      for (const input of badInputs(schema)) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) {
          codes.add(`${issue.code}:${'origin' in issue ? String(issue.origin) : ''}`);
          if (ENGLISH_WORDS.test(issue.message) && !SPEC_ENGLISH.has(issue.message)) english.push(`${name}: ${issue.message}`);
        }
      }
    }
    expect([...new Set(english)]).toEqual([]);
    // The walk reached each kind of limit, so a pass means something.
    for (const code of ['too_big:string', 'too_big:number', 'too_big:array', 'too_small:string', 'too_small:number', 'invalid_type:']) {
      expect(codes).toContain(code);
    }
  });

  it('never falls through to zod’s English locale', () => {
    const courseSchema = shared.courseInputSchema;
    const result = courseSchema.safeParse({ participantsAge: LONG, info: LONG, price: 'abc', instructors: LONG });
    expect(result.success).toBe(false);
    for (const issue of result.success ? [] : result.error.issues) {
      const raw = { ...issue, input: undefined } as unknown as z.core.$ZodRawIssue;
      const englishText = english(raw);
      expect(issue.message).not.toBe(typeof englishText === 'string' ? englishText : englishText?.message);
    }
  });

  it('says the limit a person hit, in their words', () => {
    const messageAt = (schema: z.ZodType, input: unknown, path: string) => {
      const result = schema.safeParse(input);
      return result.success ? undefined : result.error.issues.find((i) => i.path.join('.') === path)?.message;
    };
    expect(messageAt(shared.courseInputSchema, { price: 200_000 }, 'price')).toBe('Prisen kan være høyst 100\u00a0000 kr');
    expect(messageAt(shared.courseInputSchema, { price: 'abc' }, 'price')).toBe('Pris må være et tall');
    expect(messageAt(shared.courseInputSchema, { maximumParticipants: 5000 }, 'maximumParticipants')).toBe(
      'Maks antall deltakere kan være høyst 1000',
    );
    expect(messageAt(shared.courseInputSchema, { participantsAge: 'x'.repeat(101) }, 'participantsAge')).toBe('Maks 100 tegn');
    expect(messageAt(shared.courseInputSchema, { info: 'x'.repeat(5001) }, 'info')).toBe('Maks 5\u00a0000 tegn');
    expect(messageAt(shared.placeInputSchema, { name: 'x'.repeat(101) }, 'name')).toBe('Maks 100 tegn');
    expect(messageAt(shared.courseInputSchema, {}, 'proRata')).toBe('Må fylles ut');
    expect(messageAt(shared.courseInputSchema, { proRata: 'ja' }, 'proRata')).toBe('Må være ja eller nei');
  });
});

describe('the shared schemas take their zod from ./zod', () => {
  it('no source file of packages/shared imports zod itself (so none can miss the Norwegian messages)', () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'zod.ts')
      .filter((file) => /^import (?!type )[^;]*from 'zod'/m.test(readFileSync(path.join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

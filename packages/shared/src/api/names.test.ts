import { describe, expect, it } from 'vitest';
import { addChildInputSchema } from './children';
import { updatePersonInputSchema } from './users';

/** Issue 52 (L5, I3): Unicode bidi and format characters never reach a stored name. */
describe('names', () => {
  const BIDI = ['\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('lose bidi and format characters (U+200E–200F, U+202A–202E, U+2066–2069) in a user’s or child’s name', () => {
    for (const c of BIDI) {
      expect(updatePersonInputSchema.parse({ firstName: `Ka${c}ri`, lastName: `${c}Nordmann ` })).toMatchObject({ firstName: 'Kari', lastName: 'Nordmann' });
    }
    const child = addChildInputSchema.parse({ child: { firstName: 'Emma\u202E', lastName: '\u2066Hansen', birthdate: '2025-01-01' }, profileId: 'a'.repeat(24) });
    expect(child.child).toMatchObject({ firstName: 'Emma', lastName: 'Hansen' });
  });

  it('a name of nothing but such characters is empty: refused', () => {
    expect(updatePersonInputSchema.safeParse({ firstName: '\u202E\u2066 ' }).success).toBe(false);
  });

  it('keep Norwegian letters, hyphens, apostrophes and spaces', () => {
    expect(updatePersonInputSchema.parse({ firstName: 'Åse-Marie', lastName: "O'Brien Ødegård" })).toMatchObject({ firstName: 'Åse-Marie', lastName: "O'Brien Ødegård" });
  });
});

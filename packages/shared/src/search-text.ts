// Case- and accent-insensitive search (spec §5): 'ostby' finds 'Østby'. A generated column folds with immutable built-ins;
// the tables fold non-ASCII capitals, as lower() under the C locale knows only A–Z.

/** Letters that become several (replace(), applied first). */
const MULTI: readonly [string, string][] = [
  ['Æ', 'ae'],
  ['æ', 'ae'],
  ['ß', 'ss'],
  ['ẞ', 'ss'],
  ['Þ', 'th'],
  ['þ', 'th'],
];

/** One letter for one (translate()). */
const SINGLE_FROM = 'ØøÖöÓóÒòÔôÕõÅåÄäÁáÀàÂâÃãÉéÈèÊêËëÍíÌìÎîÏïÚúÙùÛûÜüÝýÿÑñÇçŠšŽžÐðČčŁł';
const SINGLE_TO = 'ooooooooooooaaaaaaaaaaaaeeeeeeeeiiiiiiiiuuuuuuuuyyynnccsszzddccll';

const singleMap = new Map<string, string>([...SINGLE_FROM].map((ch, i) => [ch, SINGLE_TO[i]!]));
const multiMap = new Map(MULTI);

/** Folds text the way the database folds its search column: accents off, æ→ae, lower case, spaces collapsed. */
export function foldSearchText(value: string): string {
  let out = '';
  for (const ch of value.normalize('NFC')) out += multiMap.get(ch) ?? singleMap.get(ch) ?? ch;
  return out.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/\s+/g, ' ').trim();
}

/** The search term, folded; a typed phone number becomes its digits (phones are stored as MSISDN). */
export function searchTerm(query: string): string {
  const trimmed = query.trim();
  if (/^\+?[\d\s-]+$/.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, '');
  return foldSearchText(trimmed);
}

const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** SQL that folds a text expression like foldSearchText() (immutable: usable in a generated column). */
export function searchFoldSql(expression: string): string {
  let out = expression;
  for (const [from, to] of MULTI) out = `replace(${out}, ${sqlString(from)}, ${sqlString(to)})`;
  return `lower(translate(${out}, ${sqlString(SINGLE_FROM)}, ${sqlString(SINGLE_TO)}))`;
}

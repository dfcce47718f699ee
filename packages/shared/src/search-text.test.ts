import { describe, expect, it } from 'vitest';
import { foldSearchText, searchFoldSql, searchTerm } from './search-text';

describe('search folding', () => {
  it('drops case and accents: ostby finds Østby, aerlig finds Ærlig', () => {
    expect(foldSearchText('Østby')).toBe('ostby');
    expect(foldSearchText('ÆRLIG Åse')).toBe('aerlig ase');
    expect(foldSearchText('Zoë Núñez-Straße')).toBe('zoe nunez-strasse');
    expect(foldSearchText('  Kari   Nordmann ')).toBe('kari nordmann');
  });

  it('a phone number typed with + and spaces is its digits', () => {
    expect(searchTerm('+47 912 34 567')).toBe('4791234567');
    expect(searchTerm('912-34-567')).toBe('91234567');
    expect(searchTerm('Ola@Example.no')).toBe('ola@example.no');
  });

  it('the SQL fold names every letter once, with a replacement for each', () => {
    const sql = searchFoldSql('x');
    const [, from, to] = /translate\(.*, '([^']+)', '([^']+)'\)\)$/.exec(sql)!;
    expect([...from!].length).toBe([...to!].length);
    expect(new Set(from).size).toBe([...from!].length);
  });
});

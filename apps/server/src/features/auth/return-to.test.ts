import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/kurs', '/kurs'],
    ['/kurs/oslo?x=1#b', '/kurs/oslo?x=1#b'],
    ['/profil/0123456789abcdef01234567', '/profil/0123456789abcdef01234567'],
    [undefined, '/'],
    ['', '/'],
    ['kurs', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/\nx', '/'],
    ['javascript:alert(1)', '/'],
    ['/login', '/'],
    ['/vipps/login-redirect?code=x', '/'],
    [`/${'a'.repeat(2100)}`, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

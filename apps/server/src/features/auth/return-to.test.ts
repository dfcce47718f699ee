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

  // Issue 9 finding 3: the check ran before the URL parser removed dot segments, so these came back as `//host`.
  it.each([
    '/.//evil.example',
    '/././/evil.example/x?y#z',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/./\\evil.example',
    '/.//\\evil.example',
    '/./login',
    '/kurs/../login',
    '/%2e/vipps/login-redirect?code=x',
  ])('%s → / (checked after normalising)', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });

  it.each([
    ['/kurs/./oslo', '/kurs/oslo'],
    ['/kurs/a/../oslo', '/kurs/oslo'],
    ['/.%2Fevil.example', '/.%2Fevil.example'],
  ])('%s → %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { blockingAdvisories, type Vulnerability } from './audit';

describe('audit report evaluation', () => {
  const report: Record<string, Vulnerability> = {
    a: { name: 'a', severity: 'critical', via: [{ source: 1, title: 'RCE', url: 'https://github.com/advisories/GHSA-aaaa', severity: 'critical' }] },
    b: { name: 'b', severity: 'high', via: ['a'] },
    c: { name: 'c', severity: 'moderate', via: [{ source: 2, url: 'https://github.com/advisories/GHSA-cccc', severity: 'moderate' }] },
    d: { name: 'd', severity: 'high', via: [{ source: 3, url: 'https://github.com/advisories/GHSA-dddd', severity: 'high' }] },
  };
  it('blocks high and critical advisories, not moderate ones or transitive mentions', () => {
    expect(blockingAdvisories(report, [])).toEqual([
      'a: critical GHSA-aaaa RCE https://github.com/advisories/GHSA-aaaa',
      'd: high GHSA-dddd  https://github.com/advisories/GHSA-dddd',
    ]);
  });
  it('lets an accepted advisory through', () => {
    expect(blockingAdvisories(report, [{ id: 'GHSA-aaaa' }, { id: 'GHSA-dddd' }])).toEqual([]);
  });
});


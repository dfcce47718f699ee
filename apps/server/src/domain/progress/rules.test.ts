import { describe, expect, it } from 'vitest';
import { defaultRecommendation, earnsCertificate } from './rules';

describe('defaultRecommendation', () => {
  const ladder = ['l1', 'l2', 'l3'];
  const skillIds = ['a', 'b'];

  it('recommends the next level when every skill is mastered', () => {
    expect(defaultRecommendation({ ladder, levelId: 'l1', skillIds, mastered: new Set(['a', 'b']) })).toBe('l2');
  });

  it('recommends the same level while a skill is not mastered', () => {
    expect(defaultRecommendation({ ladder, levelId: 'l1', skillIds, mastered: new Set(['a']) })).toBe('l1');
  });

  it('recommends the same level at the top of the ladder', () => {
    expect(defaultRecommendation({ ladder, levelId: 'l3', skillIds, mastered: new Set(['a', 'b']) })).toBe('l3');
  });

  it('recommends the same level for a level without skills, or one not on the ladder (retired)', () => {
    expect(defaultRecommendation({ ladder, levelId: 'l1', skillIds: [], mastered: new Set() })).toBe('l1');
    expect(defaultRecommendation({ ladder, levelId: 'gone', skillIds, mastered: new Set(['a', 'b']) })).toBe('gone');
  });
});

describe('earnsCertificate', () => {
  it('needs the share of the dates held', () => {
    expect(earnsCertificate({ over: true, datesHeld: 8, attended: 6, minPercent: 75 })).toBe(true);
    expect(earnsCertificate({ over: true, datesHeld: 8, attended: 5, minPercent: 75 })).toBe(false);
    expect(earnsCertificate({ over: true, datesHeld: 3, attended: 2, minPercent: 67 })).toBe(false);
    expect(earnsCertificate({ over: true, datesHeld: 3, attended: 2, minPercent: 66 })).toBe(true);
  });

  it('is never earned before the course is over, nor for a course with no date held', () => {
    expect(earnsCertificate({ over: false, datesHeld: 8, attended: 8, minPercent: 75 })).toBe(false);
    expect(earnsCertificate({ over: true, datesHeld: 0, attended: 0, minPercent: 0 })).toBe(false);
  });

  it('counts no more than the dates held (a make-up on top of every date)', () => {
    expect(earnsCertificate({ over: true, datesHeld: 4, attended: 5, minPercent: 100 })).toBe(true);
  });
});

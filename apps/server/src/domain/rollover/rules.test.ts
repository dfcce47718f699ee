import { describe, expect, it } from 'vitest';
import { defaultReplyBy, releasedTo, replyByRefusal, suggestNext } from './rules';

const now = new Date('2027-05-01T10:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('releasedTo: where a place not kept goes', () => {
  const course = { priorityCourseIds: ['a'], openToAllAt: at(10) };
  it('goes to a waiting child first, even while the priority window runs', () => {
    expect(releasedTo({ waitlistOffers: 1, course, now })).toBe('waitlist');
  });
  it('with nobody waiting: to the priority window while it runs, else to everyone', () => {
    expect(releasedTo({ waitlistOffers: 0, course, now })).toBe('priority');
    expect(releasedTo({ waitlistOffers: 0, course, now: at(10) })).toBe('public');
    expect(releasedTo({ waitlistOffers: 0, course: { priorityCourseIds: [], openToAllAt: at(10) }, now })).toBe('public');
  });
});

describe('the reply-by', () => {
  it('defaults to the slice’s days after the offer', () => {
    expect(defaultReplyBy(now, 7)).toEqual(at(7));
  });
  it('must lie ahead and end before the first next course opens', () => {
    expect(replyByRefusal(at(7), now, [{ opensAt: at(8) }, { opensAt: null }])).toBeNull();
    expect(replyByRefusal(at(7), now, [{ opensAt: at(7) }])).toBeNull();
    expect(replyByRefusal(at(9), now, [{ opensAt: at(12) }, { opensAt: at(8) }])).toEqual({ opensAt: at(8) });
    expect(replyByRefusal(now, now, [])).toEqual({ opensAt: null });
  });
});

describe('suggestNext', () => {
  const from = { id: 'f', placeId: 'p', timeFrom: '10:00', levelId: 'l1', firstDate: '2027-01-04T09:00:00Z' };
  const monday = '2027-08-16T08:00:00Z';
  const tuesday = '2027-08-17T08:00:00Z';
  it('keeps venue, weekday and time, at the recommended level when one fits', () => {
    const candidates = [
      { id: 'same-level', placeId: 'p', timeFrom: '10:00', levelId: 'l1', firstDate: monday },
      { id: 'next-level', placeId: 'p', timeFrom: '10:00', levelId: 'l2', firstDate: monday },
      { id: 'other-day', placeId: 'p', timeFrom: '10:00', levelId: 'l2', firstDate: tuesday },
    ];
    expect(suggestNext(from, 'l2', candidates)).toBe('next-level');
    expect(suggestNext(from, null, candidates)).toBe('same-level');
    expect(suggestNext(from, 'l3', candidates)).toBe('same-level');
    expect(suggestNext(from, 'l2', candidates.slice(2))).toBeNull();
  });
});

import type { Course } from '@shared/api';

const DATES = ['2030-03-04T16:00:00.000Z', '2030-03-11T16:00:00.000Z', '2030-03-18T16:00:00.000Z', '2030-03-25T16:00:00.000Z'];

/** A course whose second date was cancelled before anybody booked; the server's answer as it sends it (issue 52). */
export const courseWithCancelledDate: Course = {
  _id: 'a0000000000000000000001a',
  name: 'Babysvømming 1',
  place: { _id: 'b0000000000000000000001a', name: 'Sagene Basseng', slug: 'sagene-basseng', place: 'Oslo' },
  dates: DATES,
  cancelledDates: [DATES[1]!],
  timeFrom: '17:00',
  timeTo: '17:30',
  weekday: 1,
  experienceLevel: 'Nybegynner',
  levelId: null,
  participantsAge: '6–12 mnd',
  ageMinMonths: 6,
  ageMaxMonths: 12,
  lateBookingMaxPassed: null,
  proRata: true,
  price: 2000,
  booking: { state: 'open', remainingDates: [DATES[0]!, DATES[2]!, DATES[3]!], price: 1500 },
  maximumParticipants: 8,
  participantsCount: 2,
  freePlaces: 6,
  waitlistOpen: true,
  opensToAllAt: null,
  opensAt: null,
  queueUntil: null,
  instructors: [],
  info: '',
  published: true,
  updatedAt: '2030-01-01T00:00:00.000Z',
};

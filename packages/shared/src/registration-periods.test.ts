import { describe, expect, it } from 'vitest';
import { registrationDateQuerySchema } from './api';
import { defaultRegistrationRange, REGISTRATION_PRESETS, registrationPresetRange, registrationQuery } from './registration-periods';

describe('registration periods', () => {
  // Wednesday 2026-03-04 (a leap-free March, so 'Forrige måned' is February with 28 days).
  const today = '2026-03-04';
  it.each([
    ['I dag', '2026-03-04', '2026-03-04'],
    ['I går', '2026-03-03', '2026-03-03'],
    ['Denne uken', '2026-03-02', '2026-03-04'],
    ['Forrige uke', '2026-02-23', '2026-03-01'],
    ['Denne måneden', '2026-03-01', '2026-03-04'],
    ['Forrige måned', '2026-02-01', '2026-02-28'],
    ['Dette året', '2026-01-01', '2026-03-04'],
    ['Forrige år', '2025-01-01', '2025-12-31'],
  ] as const)('%s', (preset, start, end) => {
    expect(registrationPresetRange(preset, today)).toEqual({ start, end });
  });

  it('crosses a year back in January, and takes Monday as the first day of the week on a Sunday', () => {
    expect(registrationPresetRange('Forrige måned', '2026-01-15')).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(registrationPresetRange('I går', '2026-01-01')).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(registrationPresetRange('Denne uken', '2026-03-08')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
  });

  it('defaults to the 1st of the month to today, and every preset makes a query the server accepts', () => {
    expect(defaultRegistrationRange(today)).toEqual({ start: '2026-03-01', end: today });
    for (const preset of REGISTRATION_PRESETS) {
      const query = registrationQuery(registrationPresetRange(preset, today));
      expect(registrationDateQuerySchema.safeParse(query).success, preset).toBe(true);
    }
    expect(registrationQuery({ start: '2026-03-01', end: '2026-03-04' })).toEqual({
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-03-04T23:59:59.999Z',
    });
  });
});

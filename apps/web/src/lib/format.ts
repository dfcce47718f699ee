// The shared, pure formatters (packages/shared/src/format.ts) under the web's usual import path, and the web's own.
import { formatDate, weekdayPlural } from '@shared/format';

export * from '@shared/format';
export * from '@shared/money';

/** A course as the admin's dialogs name it: 'Mandager kl. 10:00, Nybegynner, fra 05.01.2026' (weekday, time, level, first date). */
export const courseLabel = (c: { weekday: number | null; timeFrom: string; experienceLevel: string; dates: readonly string[] }) =>
  `${weekdayPlural(c.weekday)} kl. ${c.timeFrom}, ${c.experienceLevel}${c.dates[0] ? `, fra ${formatDate(c.dates[0])}` : ''}`;

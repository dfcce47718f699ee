import { describe, expect, it } from 'vitest';
import { osloTime, ore } from '@app/shared';
import { dateCancelledEmail } from './change-emails';

/** Minor 12 (walk-through 2026-12-06): the cancelled-date e-mail promises only what the family's page offers. */
const base = {
  to: 'sara@example.no',
  firstName: 'Sara',
  childName: 'Ella',
  courseName: 'Nybegynner · 2–4 år · mandager kl. 10:00',
  placeName: 'Sagene Basseng',
  date: osloTime(2027, 2, 8, '10:00'),
  reason: 'Svømmestevne',
  deadline: osloTime(2027, 2, 15, '10:00'),
  defaultChoice: 'credit' as const,
  secret: 'S'.repeat(43),
  companyName: 'Plask',
  publicUrl: 'https://plask.example',
};

describe('dateCancelledEmail', () => {
  it('names the date, the course by its display name and the venue, in the subject and the text', () => {
    const { subject, text } = dateCancelledEmail({ ...base, shareOre: ore(25_000), hasMakeup: false });
    expect(subject).toBe('Avlyst: timen 08.02.2027 på Nybegynner · 2–4 år · mandager kl. 10:00');
    expect(text).toContain('Timen 08.02.2027 på Nybegynner · 2–4 år · mandager kl. 10:00, Sagene Basseng, er avlyst: Svømmestevne');
  });

  it('money event "date cancelled, no make-up free": no make-up is promised; refund and credit are', () => {
    const { text } = dateCancelledEmail({ ...base, shareOre: ore(25_000), hasMakeup: false });
    expect(text).not.toContain('erstatningstime');
    expect(text).toContain('Pengene for timen tilbake til Vipps (250 kr)');
    expect(text).toContain('Et tilgodebeløp på 250 kr');
    expect(text).toContain('Velger du ikke innen 15.02.2027, får dere et tilgodebeløp.');
  });

  it('money event "date cancelled, make-up free": the make-up is listed with refund and credit', () => {
    const { text } = dateCancelledEmail({ ...base, shareOre: ore(25_000), hasMakeup: true });
    expect(text).toContain('- En erstatningstime på et annet kurs med ledig plass');
    expect(text).toContain('(250 kr)');
  });

  it('money event "date cancelled for a child with nothing paid": only a make-up, never "0 kr"', () => {
    const { text } = dateCancelledEmail({ ...base, shareOre: ore(0), hasMakeup: true });
    expect(text).toContain('- En erstatningstime på et annet kurs med ledig plass');
    expect(text).not.toContain('0 kr');
    expect(text).not.toContain('tilgodebeløp');
    expect(text).not.toContain('Velger du ikke innen');
    expect(text).toContain('/endring#');
  });

  it('money event "date cancelled for a child with nothing paid and no make-up free": says so, and where one may show up', () => {
    const { text } = dateCancelledEmail({ ...base, shareOre: ore(0), hasMakeup: false });
    expect(text).toContain('er avlyst: Svømmestevne');
    expect(text).toContain('Det er ingen ledige erstatningstimer akkurat nå.');
    expect(text).not.toContain('0 kr');
  });
});

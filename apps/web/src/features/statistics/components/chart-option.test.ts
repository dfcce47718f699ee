import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@shared/statistics';
import { chartOption, type ChartDatum, type PaymentsChartProps } from './chart-option';

/** The option the statistics chart draws (spec §2 Order statistics panel, §9 bucketing, labels and ticks). */
const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

type Axis = {
  type: string;
  min?: number;
  max?: number;
  name?: string;
  axisTick: { customValues: number[] };
  axisLabel: { customValues: number[]; formatter: (value: number) => string; hideOverlap: boolean };
};
function parts(props: PaymentsChartProps) {
  const option = chartOption(props);
  const x = option.xAxis as unknown as Axis;
  const series = (option.series as { type: string; smooth?: boolean; data: ChartDatum[] }[])[0]!;
  const labels = x.axisLabel.customValues.map((v) => x.axisLabel.formatter(v));
  const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
  return { option, x, series, labels, tooltip };
}

/** A line chart's props: its title, its bucket and the payments per bucket start. */
const lineChart = (title: string, bucket: PaymentsChartProps['bucket'], counts: Record<string, number>): PaymentsChartProps => ({
  title,
  bucket,
  type: 'line',
  buckets: Object.entries(counts).map(([iso, count]) => ({ t: t(iso), count })),
});
// Eleven days of November 2025 (span > 7 days: whole UTC days).
const daily = lineChart('Siste 30 dager', 'day', { '2025-11-03T00:00:00Z': 2, '2025-11-05T00:00:00Z': 1, '2025-11-14T00:00:00Z': 4 });
// Two hours on one winter day (span ≤ 7 days: hours).
const hourly = lineChart('Siste 7 dager', 'hour', { '2025-11-03T09:00:00Z': 1, '2025-11-03T10:00:00Z': 3, '2025-11-04T15:00:00Z': 2 });

describe('the frame of the chart (spec §2)', () => {
  it('titles, hidden legend, datetime x axis, horizontal zoom, the y axis title, read out in Norwegian', () => {
    const { option, x } = parts(daily);
    expect(option.title).toMatchObject({ text: 'Siste 30 dager' });
    expect(option.legend).toEqual({ show: false });
    expect(x.type).toBe('time');
    expect(option.yAxis).toMatchObject({ type: 'value', name: 'Antall betalte ordre', minInterval: 1 });
    expect(option.dataZoom).toEqual([
      expect.objectContaining({ type: 'inside', xAxisIndex: 0 }),
      expect.objectContaining({ type: 'slider', xAxisIndex: 0 }),
    ]);
    expect(option.aria).toMatchObject({ enabled: true, label: { description: 'Siste 30 dager: 7 betalte ordre' } });
  });

  it("'Linje' is a smooth line and 'Kolonne' columns, both named 'Betalte ordre'", () => {
    expect(parts(daily).series).toMatchObject({ type: 'line', smooth: true, name: 'Betalte ordre' });
    expect(parts({ ...daily, type: 'column' }).series).toMatchObject({ type: 'bar', name: 'Betalte ordre' });
  });
});

describe('daily buckets (more than 7 days from first to last order)', () => {
  it('draws the buckets as they are, every one marked, at midnight UTC', () => {
    const { series } = parts(daily);
    expect(series.data.map((d) => [iso(d.value[0]), d.value[1], d.symbol])).toEqual([
      ['2025-11-03T00:00:00.000Z', 2, 'circle'],
      ['2025-11-05T00:00:00.000Z', 1, 'circle'],
      ['2025-11-14T00:00:00.000Z', 4, 'circle'],
    ]);
  });

  it('ticks every 24 hours at midnight UTC, labelled weekday plus day.month', () => {
    const { x, labels } = parts(daily);
    expect(x.min).toBe(t('2025-11-03T00:00:00Z'));
    expect(x.max).toBe(t('2025-11-14T00:00:00Z'));
    const ticks = x.axisTick.customValues;
    expect(ticks).toHaveLength(12);
    expect(iso(ticks[0]!)).toBe('2025-11-03T00:00:00.000Z');
    expect(ticks.slice(1).map((v, i) => v - ticks[i]!)).toEqual(Array(11).fill(DAY_MS));
    expect(x.axisLabel.customValues).toEqual(ticks);
    expect(x.axisLabel.hideOverlap).toBe(true);
    expect(labels.slice(0, 3)).toEqual(['man. 3.11', 'tir. 4.11', 'ons. 5.11']);
    expect(labels.at(-1)).toBe('fre. 14.11');
  });

  it('columns get half a day either side, so the outer columns are whole', () => {
    const { x, series } = parts({ ...daily, type: 'column' });
    expect(x.min).toBe(t('2025-11-02T12:00:00Z'));
    expect(x.max).toBe(t('2025-11-14T12:00:00Z'));
    expect(series.data).toHaveLength(3);
    expect(iso(x.axisTick.customValues[0]!)).toBe('2025-11-03T00:00:00.000Z');
  });

  it('tooltips: Norwegian weekday and date in Oslo, without the time', () => {
    expect(parts(daily).tooltip([{ value: [t('2025-11-03T00:00:00Z'), 2] }])).toBe('mandag 3. november 2025<br/>Betalte ordre: 2');
  });
});

describe('hourly buckets (up to 7 days)', () => {
  it('the line gets unmarked zero points an hour before and after each bucket; markers only on real ones', () => {
    const { series } = parts(hourly);
    expect(series.data.map((d) => [iso(d.value[0]).slice(5, 16), d.value[1], d.symbol, d.symbolSize])).toEqual([
      ['11-03T08:00', 0, 'none', 0],
      ['11-03T09:00', 1, 'circle', 7],
      ['11-03T10:00', 3, 'circle', 7],
      ['11-03T11:00', 0, 'none', 0],
      ['11-04T14:00', 0, 'none', 0],
      ['11-04T15:00', 2, 'circle', 7],
      ['11-04T16:00', 0, 'none', 0],
    ]);
  });

  it('columns draw only the real hours', () => {
    const { series } = parts({ ...hourly, type: 'column' });
    expect(series.data.map((d) => d.value[1])).toEqual([1, 3, 2]);
    expect(series.data.every((d) => d.symbol === 'circle')).toBe(true);
  });

  it('ticks every 8 hours on Oslo’s clock, labelled day.month plus kl. and the hour', () => {
    const { x, labels } = parts(hourly);
    expect(x.min).toBe(t('2025-11-03T08:00:00Z'));
    expect(x.max).toBe(t('2025-11-04T16:00:00Z'));
    const ticks = x.axisTick.customValues;
    expect(ticks.slice(1).map((v, i) => v - ticks[i]!)).toEqual(Array(ticks.length - 1).fill(8 * HOUR_MS));
    // 15:00 UTC is 16:00 in Oslo (winter): the first tick after 08:00 UTC (09 in Oslo).
    expect(labels).toEqual(['3.11 kl. 16', '4.11 kl. 00', '4.11 kl. 08', '4.11 kl. 16']);
  });

  it('tooltips: Norwegian weekday and date plus hour and minute, in Oslo', () => {
    expect(parts(hourly).tooltip([{ value: [t('2025-11-03T10:00:00Z'), 3] }])).toBe('mandag 3. november 2025 kl. 11:00<br/>Betalte ordre: 3');
  });

  it('one lone hour as columns still has an axis: a bucket either side', () => {
    const { x, series } = parts({ ...hourly, type: 'column', buckets: [{ t: t('2025-11-03T07:00:00Z'), count: 1 }] });
    expect([x.min, x.max].map((v) => iso(v!))).toEqual(['2025-11-03T06:00:00.000Z', '2025-11-03T08:00:00.000Z']);
    expect(series.data).toHaveLength(1);
    // 07:00 UTC is 08:00 in Oslo: one tick, on the bucket.
    expect(parts({ ...hourly, type: 'column', buckets: [{ t: t('2025-11-03T07:00:00Z'), count: 1 }] }).labels).toEqual(['3.11 kl. 08']);
  });

  it('no orders: no points and no ticks', () => {
    const { x, series } = parts({ ...hourly, buckets: [] });
    expect(series.data).toEqual([]);
    expect(x.axisTick.customValues).toEqual([]);
    expect(x.min).toBeUndefined();
  });
});

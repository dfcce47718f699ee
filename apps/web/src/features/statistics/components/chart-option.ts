import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, TitleComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import {
  axisLabel,
  axisTicks,
  chartPoints,
  DAY_MS,
  HOUR_MS,
  STATISTICS_SERIES_NAME,
  STATISTICS_Y_AXIS_TITLE,
  tooltipLabel,
  type StatisticsBucket,
} from '@shared/statistics';

/** Types only: this module is pure, so the option is unit-tested without ECharts (payments-chart.tsx draws it). */
export type ChartOption = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption | TitleComponentOption
>;

export interface PaymentsChartProps {
  title: string;
  bucket: StatisticsBucket;
  buckets: { t: number; count: number }[];
  type: 'line' | 'column';
}

export interface ChartDatum {
  value: [number, number];
  symbol: 'circle' | 'none';
  symbolSize: number;
}

/** The x-axis range: the line's first to last point, columns half a bucket wider on each side (one point: a bucket). */
export function xRange(points: readonly { t: number }[], bucket: StatisticsBucket, type: 'line' | 'column'): { min: number; max: number } | null {
  if (points.length === 0) return null;
  const size = bucket === 'day' ? DAY_MS : HOUR_MS;
  const first = points[0]!.t;
  const last = points[points.length - 1]!.t;
  if (first === last) return { min: first - size, max: last + size };
  const pad = type === 'column' ? size / 2 : 0;
  return { min: first - pad, max: last + pad };
}

/** The chart of spec §2 / §9: the spec's ticks (days: 24 h at midnight UTC, hours: 8 h) and horizontal zoom. */
export function chartOption({ title, bucket, buckets, type }: PaymentsChartProps): ChartOption {
  const points = chartPoints(buckets, bucket, type);
  const range = xRange(points, bucket, type);
  const ticks = range ? axisTicks(range.min, range.max, bucket) : [];
  const data: ChartDatum[] = points.map((p) => ({ value: [p.t, p.count], symbol: p.real ? 'circle' : 'none', symbolSize: p.real ? 7 : 0 }));
  const series: LineSeriesOption | BarSeriesOption =
    type === 'line'
      ? { name: STATISTICS_SERIES_NAME, type: 'line', smooth: true, showSymbol: true, data }
      : { name: STATISTICS_SERIES_NAME, type: 'bar', data, barMaxWidth: 24 };
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  return {
    // Read out instead of the canvas (ECharts' own description is English).
    aria: { enabled: true, label: { description: `${title}: ${total} ${STATISTICS_SERIES_NAME.toLowerCase()}` } },
    animation: false,
    title: { text: title, left: 'center', textStyle: { color: '#0b3a53', fontSize: 18 } },
    legend: { show: false },
    grid: { left: 56, right: 24, top: 56, bottom: 72 },
    tooltip: {
      trigger: 'axis',
      // Plain text lines: no inline styles (the site's CSP has no 'unsafe-inline' for styles).
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { value: [number, number] } | undefined;
        if (!first) return '';
        return `${tooltipLabel(first.value[0], bucket)}<br/>${STATISTICS_SERIES_NAME}: ${first.value[1]}`;
      },
    },
    xAxis: {
      type: 'time',
      ...(range ?? {}),
      // Our ticks, not ECharts' "nice" ones (12 h, 2 days, in the browser's zone); zooming shows the ones in view.
      axisTick: { show: true, customValues: ticks },
      axisLabel: { customValues: ticks, formatter: (value: number) => axisLabel(value, bucket), hideOverlap: true, color: '#1f2933' },
    },
    yAxis: {
      type: 'value',
      name: STATISTICS_Y_AXIS_TITLE,
      nameLocation: 'middle',
      nameGap: 38,
      minInterval: 1,
      axisLabel: { color: '#1f2933' },
      nameTextStyle: { color: '#1f2933' },
    },
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      { type: 'slider', xAxisIndex: 0, filterMode: 'none', height: 24, bottom: 16 },
    ],
    series: [series],
  };
}

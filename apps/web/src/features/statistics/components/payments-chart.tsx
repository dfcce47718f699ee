import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, DataZoomComponent, GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, TitleComponentOption, TooltipComponentOption } from 'echarts/components';
import { useEffect, useRef } from 'react';
import {
  axisLabel,
  chartPoints,
  STATISTICS_SERIES_NAME,
  STATISTICS_Y_AXIS_TITLE,
  tickIntervalMs,
  tooltipLabel,
  type StatisticsBucket,
} from '@shared/statistics';

// Only the parts used: this module (and ECharts with it) is loaded by the orders page alone.
registerEcharts([LineChart, BarChart, GridComponent, TooltipComponent, DataZoomComponent, TitleComponent, AriaComponent, CanvasRenderer]);

type Option = ComposeOption<
  LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption | TitleComponentOption
>;

export interface PaymentsChartProps {
  title: string;
  bucket: StatisticsBucket;
  buckets: { t: number; count: number }[];
  type: 'line' | 'column';
}

/** Builds the chart of spec §2 / §9 (exported for the unit test of the options). */
export function chartOption({ title, bucket, buckets, type }: PaymentsChartProps): Option {
  const points = chartPoints(buckets, bucket, type);
  const tick = tickIntervalMs(bucket);
  const data = points.map((p) => ({ value: [p.t, p.count] as [number, number], symbol: p.real ? 'circle' : 'none', symbolSize: p.real ? 7 : 0 }));
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
      minInterval: tick,
      maxInterval: tick,
      axisLabel: { formatter: (value: number) => axisLabel(value, bucket), hideOverlap: true, color: '#1f2933' },
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

/** The ECharts chart: datetime x axis, horizontal zoom, hidden legend; resizes with its box. */
export default function PaymentsChart(props: PaymentsChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(props), { notMerge: true });
  }, [props]);

  return <div ref={box} data-testid="payments-chart" data-chart-type={props.type} className="h-80 w-full sm:h-96" />;
}

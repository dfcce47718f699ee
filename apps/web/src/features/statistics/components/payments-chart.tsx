import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, DataZoomComponent, GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartOption, type PaymentsChartProps } from './chart-option';

// Only the parts used: this module (and ECharts with it) is loaded by the orders page alone.
registerEcharts([LineChart, BarChart, GridComponent, TooltipComponent, DataZoomComponent, TitleComponent, AriaComponent, CanvasRenderer]);

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

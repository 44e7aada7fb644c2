import type { CSSProperties } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import css from './Chart.css?inline';

/** A dataset page's chart drawing height, in CSS pixels, unless its definition says otherwise. */
export const DATASET_CHART_HEIGHT = 260;

/** Props of {@link ChartSkeleton}. */
export interface ChartSkeletonProps {
  /** The chart's title, shown as it will be. */
  title: string;
  /** The drawing's height in CSS pixels, as the chart's. @default DATASET_CHART_HEIGHT (260) */
  height?: number;
  /** What a screen reader hears while it loads. */
  label: string;
}

/**
 * A chart's place while its data or its code loads: the figure's own box — its title, a drawing of
 * `height` and the line of its table button — so nothing below moves when the chart arrives (no
 * layout shift).
 */
export function ChartSkeleton({ title, height = DATASET_CHART_HEIGHT, label }: ChartSkeletonProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const style = { '--cp-chart-height': `${height}px` } as CSSProperties;
  return (
    <div ref={ref} className="cp-chart" data-loading="true" style={style} part="chart">
      <span className="cp-chart__title" aria-hidden="true">
        {title}
      </span>
      <Skeleton shape="rect" width="100%" height={height} label={label} />
      {/* The button's own size, unseen and unreachable, holds its line. */}
      <Button className="cp-chart__toggle cp-chart__toggle--placeholder" aria-hidden="true" tabIndex={-1} disabled>
        {t('chart.showTable')}
      </Button>
    </div>
  );
}

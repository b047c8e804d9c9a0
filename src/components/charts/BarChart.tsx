// A bar chart whose library loads on first use, in a chunk shared by every page with a chart.
// While it loads the space is kept; if it cannot load, the page goes on without it (its
// figures are always in a table next to it).
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { BarChartProps } from './chartTypes';

const BarChartCanvas = lazy(() => import(/* webpackChunkName: "charts" */ './BarChartCanvas'));

class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[chart] could not be drawn', error);
  }

  override render() {
    return this.state.failed ? (
      <p className="text-body-secondary small">The chart could not be shown; the figures are in the table.</p>
    ) : (
      this.props.children
    );
  }
}

export function BarChart(props: BarChartProps) {
  const height = props.height ?? 280;
  return (
    <ChartErrorBoundary>
      <Suspense
        fallback={
          <div className="d-flex align-items-center justify-content-center text-body-secondary" style={{ height }} role="status">
            Loading chart…
          </div>
        }
      >
        <BarChartCanvas {...props} />
      </Suspense>
    </ChartErrorBoundary>
  );
}

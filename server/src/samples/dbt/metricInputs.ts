/** What a MetricFlow metric is built from: the metrics it combines and, through them, the measures it reads. */
import type { MetricDef } from './projectTypes.js';
import { ProjectError } from './yamlValues.js';

/** Measures a metric reads: its own, or those of the metrics it combines. */
export function inputMeasures(metric: MetricDef, all: ReadonlyMap<string, MetricDef>, seen: Set<string> = new Set()): string[] {
  if (seen.has(metric.name)) throw new ProjectError(metric.filePath, `metric ${metric.name} refers to itself`);
  seen.add(metric.name);
  const params = metric.typeParams;
  if (typeof params.measure === 'string') return [params.measure];
  const parts = [params.numerator, params.denominator, ...(Array.isArray(params.metrics) ? params.metrics : [])]
    .map((part) =>
      typeof part === 'string' ? part : typeof part === 'object' && part !== null && 'name' in part ? String(part.name) : null,
    )
    .filter((part): part is string => part !== null);
  return [
    ...new Set(
      parts.flatMap((part) => {
        const inner = all.get(part);
        if (!inner) throw new ProjectError(metric.filePath, `metric ${metric.name} uses unknown metric ${part}`);
        return inputMeasures(inner, all, new Set(seen));
      }),
    ),
  ];
}

export function metricInputs(metric: MetricDef): string[] {
  const params = metric.typeParams;
  return [params.numerator, params.denominator, ...(Array.isArray(params.metrics) ? params.metrics : [])]
    .map((part) =>
      typeof part === 'string' ? part : typeof part === 'object' && part !== null && 'name' in part ? String(part.name) : null,
    )
    .filter((part): part is string => part !== null);
}

// Latency summaries: every figure reports the median and p99 of its samples (nearest-rank percentiles).

/** Nearest-rank percentile of `values` (any order); NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** { n, median, p99, min, max } of the samples, rounded for the report. */
export function summarise(values, digits = 2) {
  const round = (value) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
  if (values.length === 0) return { n: 0, median: null, p99: null, min: null, max: null };
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return {
    n: values.length,
    median: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
    min: round(min),
    max: round(max),
  };
}

/** Parley's value over the baseline's (how many times slower/bigger); null when either is missing. */
export function ratio(parley, baseline) {
  if (parley == null || baseline == null || !Number.isFinite(parley) || !Number.isFinite(baseline) || baseline === 0)
    return null;
  return Number((parley / baseline).toFixed(2));
}

// Small statistics over samples: median, percentiles (nearest rank), and the spread of a set of rounds.

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** min, max and (max - min) / median in percent: how far apart the rounds were. */
export function spread(values) {
  if (values.length === 0) return { min: NaN, max: NaN, percent: NaN };
  const min = Math.min(...values);
  const max = Math.max(...values);
  const middle = median(values);
  return { min, max, percent: middle === 0 ? 0 : ((max - min) / Math.abs(middle)) * 100 };
}

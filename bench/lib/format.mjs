// Number formatting for the results table.

/** Three significant digits, no exponent, thousands kept whole (12345 → "12345", 0.01234 → "0.0123"). */
export function num(value) {
  if (value === undefined || value === null || Number.isNaN(value)) return '–';
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  if (magnitude >= 1) return value.toFixed(2);
  if (magnitude === 0) return '0';
  return value.toPrecision(3);
}

export function withUnit(value, unit) {
  return value === undefined ? '–' : `${num(value)} ${unit}`;
}

export function ratio(value) {
  return value === undefined ? '–' : `${num(value)}×`;
}

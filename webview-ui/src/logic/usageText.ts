// The session header's usage line: context used of its size ("12.3k / 200k") and the cost when the agent sends it.
import type { UsageInfo } from '../../../src/shared/transcript/model';

export interface UsageText {
  /** Short, for the header ("12.3k / 200k"). */
  context?: string;
  /** "$0.42" (or "0.42 XYZ" for a currency the browser does not know). */
  cost?: string;
  /** For screen readers and the tooltip: "12,345 of 200,000 tokens of context used (6%)". */
  description: string;
  /** Used ÷ size, 0..1, when both are known. */
  fraction?: number;
}

function isCount(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** 950 → "950", 12345 → "12.3k", 200000 → "200k", 1500000 → "1.5M". */
export function formatTokenCount(count: number): string {
  const round = (value: number): string => (value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10));
  if (count < 1000) return String(Math.round(count));
  if (count < 999_950) return `${round(count / 1000)}k`;
  return `${round(count / 1_000_000)}M`;
}

export function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 4 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function usageText(usage: UsageInfo | undefined): UsageText | undefined {
  if (!usage) return undefined;
  const { used, size, cost } = usage;
  const parts: string[] = [];
  const text: UsageText = { description: '' };
  if (isCount(used) && isCount(size) && size > 0) {
    text.context = `${formatTokenCount(used)} / ${formatTokenCount(size)}`;
    text.fraction = Math.min(1, used / size);
    parts.push(`${used.toLocaleString('en')} of ${size.toLocaleString('en')} tokens of context used (${Math.round(text.fraction * 100)}%)`);
  } else if (isCount(used)) {
    text.context = formatTokenCount(used);
    parts.push(`${used.toLocaleString('en')} tokens of context used`);
  }
  if (cost && Number.isFinite(cost.amount)) {
    text.cost = formatCost(cost.amount, cost.currency);
    parts.push(`cost ${text.cost}`);
  }
  if (parts.length === 0) return undefined;
  text.description = parts.join(', ');
  return text;
}

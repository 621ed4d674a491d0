// A tool call's rawOutput as text for a card: JSON, pretty-printed, cut at a limit.
export const RAW_OUTPUT_LIMIT = 2000;

export function formatRawOutput(value: unknown, limit = RAW_OUTPUT_LIMIT): string {
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else {
    try {
      text = JSON.stringify(value, null, 2) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  if (text.length <= limit) return text;
  // Do not cut a surrogate pair in half.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

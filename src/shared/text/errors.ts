// Error text for logs and the UI, from whatever was thrown or rejected (an Error, a JSON-RPC error object, a
// string, anything else an agent or a library produced).

/**
 * The message of an Error or of an object with a string `message` (a JSON-RPC error); a thrown string as is;
 * anything else as JSON when it has a JSON form (so an object shows its fields, not "[object Object]"),
 * otherwise as `String(value)` (undefined, symbols, functions, bigints, cycles).
 */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  try {
    const json: unknown = JSON.stringify(error);
    if (typeof json === 'string') return json;
  } catch {
    // Cycles and bigints have no JSON form.
  }
  return String(error);
}

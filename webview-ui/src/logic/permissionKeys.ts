// Digits 1..9 choose a permission prompt's option by its number (shown on its button). Pure.
export interface DigitKey {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The index of the option the key chooses, or undefined. */
export function optionIndexForKey(event: DigitKey, optionCount: number): number | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return undefined;
  const index = Number(event.key) - 1;
  return index < optionCount ? index : undefined;
}

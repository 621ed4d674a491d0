// What a permission prompt in a tool call's card stands for, as text, to check it for hidden characters. Pure.

/** The texts a prompt in a tool call's card shows or stands for (title, paths, raw input): checked for hidden characters. */
export function cardTexts(entry: {
  title: string;
  locations: readonly { path?: unknown }[];
  content: readonly { type: string; path?: unknown }[];
  rawInput?: unknown;
}): string[] {
  const texts = [entry.title];
  for (const location of entry.locations) if (typeof location?.path === 'string') texts.push(location.path);
  for (const item of entry.content) if (item?.type === 'diff' && typeof item.path === 'string') texts.push(item.path);
  if (entry.rawInput !== undefined && entry.rawInput !== null) texts.push(stringsOf(entry.rawInput).join('\n'));
  return texts;
}

/** Every string inside a JSON-like value (keys too), depth-limited. */
function stringsOf(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 8 || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, depth + 1));
  return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item, depth + 1)]);
}

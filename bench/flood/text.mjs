// Deterministic filler text for flood payloads: markdown-ish prose with code spans, quotes and line breaks (so
// JSON escaping is exercised), built from a seeded generator so every run sends the same bytes.

const WORDS = [
  'the', 'agent', 'reads', 'file', 'session', 'update', 'tool', 'call', 'returns', 'a', 'diff', 'for', 'each',
  'line', 'and', 'writes', 'output', 'to', 'terminal', 'while', 'plan', 'shows', 'progress', 'with', 'status',
  '`src/index.ts`', '**bold**', '_note_', '"quoted"', 'function', 'const', 'value', 'error', 'test', 'passes',
];

/** A small linear congruential generator: same seed, same sequence. */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** About `chars` characters of prose; sentences end in a period, paragraphs in a blank line. */
export function fillerText(chars, seed) {
  const random = seeded(seed);
  let text = '';
  let sentence = 0;
  while (text.length < chars) {
    text += WORDS[Math.floor(random() * WORDS.length)];
    sentence += 1;
    if (sentence > 6 && random() < 0.15) {
      text += random() < 0.2 ? '.\n\n' : '. ';
      sentence = 0;
    } else {
      text += ' ';
    }
  }
  return text.slice(0, chars);
}

/** `count` different texts of about `chars` characters each. */
export function textPool(count, chars, seed = 1) {
  return Array.from({ length: count }, (_, index) => fillerText(chars, seed + index * 7919));
}

// Interleaved rounds: every round runs every variant once, and the order rotates from round to round, so the
// floor and the subjects take turns and share whatever else the machine is doing at the time.

/**
 * @param {Record<string, () => Promise<unknown>>} variants
 * @param {number} rounds
 * @param {(line: string) => void} log
 * @returns {Promise<Record<string, unknown[]>>} samples per variant, index = round
 */
export async function interleave(variants, rounds, log) {
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, index) => names[(index + round) % names.length]);
    for (const name of order) {
      samples[name][round] = await variants[name]();
    }
    log(`round ${round + 1}/${rounds} done (${order.join(' → ')})`);
  }
  return samples;
}

/** Per-round ratios subject/floor of one number picked from each sample. */
export function ratios(subjectSamples, floorSamples, pick) {
  return subjectSamples.map((sample, round) => pick(sample) / pick(floorSamples[round]));
}

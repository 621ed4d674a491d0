// Agent write → chat DOM latency from what the probe recorded: for each stamp, the page time it first appeared
// minus the agent time it carries (both Date.now() of this machine).
import { MARKS, STAMP } from './scenario.mjs';

/**
 * Latencies (ms) of the stamps first seen after `since` (page time), in the order they were written: the stream's
 * chunks, or with `firstLine` the stamps on a message's unfinished first line.
 */
export function latenciesSince(probe, since, { firstLine = false } = {}) {
  return Object.entries(probe.stamps)
    .filter(([key, seenAt]) => seenAt >= since && key.startsWith('F') === firstLine)
    .map(([key, seenAt]) => ({ writtenAt: Date.parse(firstLine ? key.slice(1) : key), seenAt }))
    .sort((a, b) => a.writtenAt - b.writtenAt)
    .map(({ writtenAt, seenAt }) => seenAt - writtenAt);
}

export const probeOptions = { stampPattern: STAMP.source, markPattern: MARKS.source };

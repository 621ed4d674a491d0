// The stream case's figures from the per-round samples of both clients ({ floor: [round → {kind → sample}],
// ours: [...] }); budgets from issue 17: latency p50 ≤ 1.5× and p99 ≤ 2× the floor, the flood fully shown within
// 1 s of the floor, characters posted ≤ 2× the characters streamed, host memory after the flood ≤ 2× the floor's.
import { notMeasured, ratioFigure, valueFigure } from '../lib/figure.mjs';
import { LONG_TASK_MS } from '../e2e/longTasks.mjs';
import { percentile } from '../lib/stats.mjs';

const MiB = 2 ** 20;
const fixed = (value, digits = 0) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));

function label(kind, sizes) {
  if (kind === 'stream') return `${sizes.stream.chunks.toLocaleString('en')} chunks of one message, one per ${sizes.stream.delayMs} ms`;
  if (kind === 'tools') return `${sizes.tools.pairs} tool_call + tool_call_update pairs, one per ${sizes.tools.delayMs} ms`;
  if (kind === 'long') return `${sizes.long.chunks} chunks of one message, one per ${sizes.long.delayMs} ms, below a ${sizes.long.entries.toLocaleString('en')}-entry transcript`;
  if (kind === 'load') return `session/load of ${sizes.load.turns.toLocaleString('en')} turns`;
  return `flood of ${sizes.flood.chunks.toLocaleString('en')} chunks into one message`;
}

/** A figure of one number per round of both clients; rounds where either has no value are left out. */
function paired(samples, kind, pick, figure) {
  const rounds = samples.ours.map((ours, round) => [pick(ours[kind]), pick(samples.floor[round][kind])]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  if (rounds.length === 0) return notMeasured({ id: figure.id, label: figure.label, reason: figure.reason ?? 'no round has this value for both clients' });
  return ratioFigure({ ...figure, subject: rounds.map(([a]) => a), floor: rounds.map(([, b]) => b) });
}

function latencyFigures(samples, kind, what) {
  const pooled = (variant) => samples[variant].flatMap((round) => round[kind].latencies);
  const count = (variant) => samples[variant].map((round) => round[kind].latencies.length).join(', ');
  return [50, 95, 99].map((p) => {
    const figure = paired(samples, kind, (s) => percentile(s.latencies, p), {
      id: `stream.${kind}.latency.p${p}`,
      label: `${what}: agent write → DOM, p${p}`,
      unit: 'ms',
      budget: p === 50 ? 1.5 : p === 99 ? 2 : undefined,
      note: p === 50 ? `stamps seen per round: ours ${count('ours')}, floor ${count('floor')}` : undefined,
    });
    if (figure.reason) return figure;
    // Value and floor columns: pooled over all rounds; the ratio stays the median of the per-round ratios.
    return { ...figure, value: percentile(pooled('ours'), p), floor: percentile(pooled('floor'), p) };
  });
}

function traceFigures(samples, kind, what) {
  const traced = (s) => (s.trace.error ? undefined : s.trace);
  const errors = [...samples.ours, ...samples.floor].map((round) => round[kind].trace.error).filter(Boolean);
  const reason = errors.length > 0 ? `no trace: ${errors[0]}` : undefined;
  const uncalibrated = [...samples.ours, ...samples.floor].filter((round) => traced(round[kind]) && !round[kind].trace.calibrated).length;
  const calibration = uncalibrated > 0 ? `; in ${uncalibrated} runs the trace did not show the 80 ms calibration task` : '';
  const longest = (variant) => samples[variant].map((round) => fixed(traced(round[kind])?.longestMs)).join(', ');
  return [
    paired(samples, kind, (s) => traced(s)?.busyMs, {
      id: `stream.${kind}.busy`, label: `${what}: renderer main thread busy (the chat document's thread, the workbench's too), from sending until the end was shown`, unit: 'ms', reason,
      note: `thread CPU in those tasks, per round: ours ${samples.ours.map((r) => fixed(traced(r[kind])?.busyCpuMs)).join(', ')}, floor ${samples.floor.map((r) => fixed(traced(r[kind])?.busyCpuMs)).join(', ')} ms${calibration}`,
    }),
    paired(samples, kind, (s) => traced(s)?.tasks.length, {
      id: `stream.${kind}.longtasks`, label: `${what}: long tasks (> ${LONG_TASK_MS} ms) on that thread`, unit: 'tasks', reason,
      note: `longest task per round: ours ${longest('ours')}, floor ${longest('floor')} ms`,
    }),
  ];
}

function hostFigures(samples, kind, what, { memoryBudget } = {}) {
  return [
    paired(samples, kind, (s) => s.hostCpuS, { id: `stream.${kind}.hostcpu`, label: `${what}: extension host CPU`, unit: 's' }),
    paired(samples, kind, (s) => s.hostRss / MiB, { id: `stream.${kind}.hostrss`, label: `${what}: extension host resident memory after it`, unit: 'MiB', budget: memoryBudget }),
  ];
}

function postedFigure(samples, kind, what, streamed) {
  const perRound = (variant) => samples[variant].map((round) => `${round[kind].posted.toLocaleString('en')} in ${round[kind].messages} messages`).join('; ');
  // A round whose end was not shown in time posted only part of it: left out.
  return paired(samples, kind, (s) => (s.timedOut ? undefined : s.posted / streamed[kind]), {
    id: `stream.${kind}.posted`, label: `${what}: characters posted to the chat document per character streamed (floor column: the floor's)`, unit: '×', budget: 2, budgetOn: 'value',
    note: `streamed ${streamed[kind].toLocaleString('en')} characters; posted per round: ours ${perRound('ours')}; floor ${perRound('floor')}`,
  });
}

function floodFigures(samples, sizes, floodTimeoutMs) {
  const what = label('flood', sizes);
  const timedOut = samples.ours.map((round) => round.flood).filter((s) => s.timedOut);
  const timeoutNote = timedOut.length === 0 ? '' : `; not shown after ${floodTimeoutMs / 1000} s in ${timedOut.length} of ${samples.ours.length} rounds, ${timedOut.map((s) => `${s.floodShown ?? '?'}`).join(', ')} of ${sizes.flood.chunks.toLocaleString('en')} chunks in the DOM then`;
  // Sending → the last chunk in the DOM; a round that timed out counts as the timeout (a lower bound).
  const shown = (s) => (s.timedOut ? s.timeoutMs : s.inDomMs);
  const floorShown = samples.floor.map((round) => shown(round.flood));
  return [
    valueFigure({
      id: 'stream.flood.shownAfterFloor', label: `${what}: fully shown, ms after the floor (prompt sent → last chunk in the DOM, ours minus the floor's)`, unit: 'ms', budget: 1000,
      samples: samples.ours.map((round, index) => shown(round.flood) - floorShown[index]),
      note: `per round: ours ${samples.ours.map((r) => (r.flood.timedOut ? `≥ ${r.flood.timeoutMs}` : r.flood.inDomMs)).join(', ')} ms, floor ${floorShown.join(', ')} ms${timeoutNote}`,
    }),
    paired(samples, 'flood', (s) => (s.timedOut ? undefined : s.lastLagMs), {
      id: 'stream.flood.lastLag', label: `${what}: lag of the last chunk after its write`, unit: 'ms',
      reason: `not shown after ${floodTimeoutMs / 1000} s in any round${timeoutNote}`,
      note: timeoutNote ? `rounds that timed out left out${timeoutNote}` : undefined,
    }),
  ];
}

export function scenarioFigures(samples, { sizes, streamed, floodTimeoutMs, kinds = ['stream', 'tools', 'long', 'load', 'flood'] }) {
  const figures = [];
  for (const kind of ['stream', 'tools', 'long'].filter((k) => kinds.includes(k))) {
    const what = label(kind, sizes);
    figures.push(...latencyFigures(samples, kind, what));
    figures.push(paired(samples, kind, (s) => s.lastLagMs, { id: `stream.${kind}.lastLag`, label: `${what}: lag of the last ${kind === 'tools' ? 'update' : 'chunk'} after its write`, unit: 'ms' }));
    if (kind === 'long') {
      figures.push(paired(samples, kind, (s) => s.inDomMs, { id: 'stream.long.shown', label: `${what}: prompt sent → its end in the DOM (the entries, then the message)`, unit: 'ms' }));
    }
    figures.push(...traceFigures(samples, kind, what), postedFigure(samples, kind, what, streamed), ...hostFigures(samples, kind, what));
  }
  if (kinds.includes('load')) loadFigures(figures, samples, sizes, streamed);
  if (kinds.includes('flood')) {
    const floodLabel = label('flood', sizes);
    figures.push(...floodFigures(samples, sizes, floodTimeoutMs), ...traceFigures(samples, 'flood', floodLabel), postedFigure(samples, 'flood', floodLabel, streamed), ...hostFigures(samples, 'flood', floodLabel, { memoryBudget: 2 }));
  }
  return figures;
}

function loadFigures(figures, samples, sizes, streamed) {
  const loadLabel = label('load', sizes);
  figures.push(
    paired(samples, 'load', (s) => s.onScreenMs ?? s.inDomMs, {
      id: 'stream.load.shown', label: `${loadLabel}: click that asks for it → last entry on screen`, unit: 'ms',
      note: `in the DOM, per round: ours ${samples.ours.map((r) => r.load.inDomMs).join(', ')}, floor ${samples.floor.map((r) => r.load.inDomMs).join(', ')} ms; on screen: ours ${samples.ours.map((r) => r.load.onScreenMs ?? 'never').join(', ')}, floor ${samples.floor.map((r) => r.load.onScreenMs ?? 'never').join(', ')}`,
    }),
    ...traceFigures(samples, 'load', loadLabel), postedFigure(samples, 'load', loadLabel, streamed), ...hostFigures(samples, 'load', loadLabel),
  );
}

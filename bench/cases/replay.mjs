// Replay: a session/load-style burst of 10,000 mixed updates (user, agent and thought chunks, tool calls and their
// updates, plans) through the host pipeline into a fresh session, against the readline + JSON.parse floor.
// Each measurement process plays one warm-up burst, then five measured bursts (a new session each).
import { ratioFigure, valueFigure } from '../lib/figure.mjs';
import { interleave } from '../lib/rounds.mjs';
import { cpuPerUpdate, floodVariants } from '../flood/variants.mjs';

export const name = 'replay';
export const title = 'Replay burst (10k mixed updates into a new session, session/load style)';

const BURSTS = 5;

export async function run({ rounds, peers, log }) {
  const flood = { mix: 'replay', mixOptions: { count: 10_000 }, expected: 10_000, bursts: BURSTS, warmup: 1 };
  const { variants } = floodVariants(peers ? ['floor', 'ours', 'sdk'] : ['floor', 'ours'], flood);
  const samples = await interleave(variants, rounds, log);
  const cpu = (client) => samples[client].map(cpuPerUpdate);
  const figures = [
    ratioFigure({ id: 'replay.cpu', label: 'CPU per update, this extension', unit: 'µs', subject: cpu('ours'), floor: cpu('floor'), budget: 5 }),
    valueFigure({
      id: 'replay.time', label: 'time to apply one 10k burst, this extension', unit: 'ms',
      samples: samples.ours.map((s) => s.wallMs / BURSTS),
      note: `floor: ${samples.floor.map((s) => (s.wallMs / BURSTS).toFixed(0)).join(', ')} ms`,
    }),
  ];
  if (peers) {
    figures.push(ratioFigure({ id: 'replay.sdk.cpu', label: 'CPU per update, minimal @agentclientprotocol/sdk 2.x client (peer)', unit: 'µs', subject: cpu('sdk'), floor: cpu('floor') }));
  }
  return { figures, raw: samples };
}

// Ingest flood: 200,000 agent_message_chunk and 20,000 tool_call_update notifications (about 2 KB each) written
// by a child process, through this extension's host pipeline (framing, connection, reducer, coalescer), against
// the floor (readline + JSON.parse of the same bytes from the same generator) and two peer clients.
import { notMeasured, ratioFigure } from '../lib/figure.mjs';
import { interleave } from '../lib/rounds.mjs';
import { cpuPerUpdate, floodVariants } from '../flood/variants.mjs';

export const name = 'ingest';
export const title = 'Ingest flood (200k chunks + 20k tool updates, ~2 KB each, from a child process)';

export async function run({ rounds, quick, peers, log }) {
  const chunks = quick ? 20_000 : 200_000;
  const tools = quick ? 2_000 : 20_000;
  // Halfway through, the generator asks the client something (fs/read_text_file) and times the answer.
  const requestAt = Math.floor((chunks + tools) / 2);
  const flood = { mix: 'ingest', mixOptions: { chunks, tools, requestAt }, expected: chunks + tools, lastText: `#${chunks - 1}` };
  const clients = peers ? ['floor', 'ours', 'sdk', 'acpx'] : ['floor', 'ours'];
  const { variants, unavailable } = floodVariants(clients, flood);
  const samples = await interleave(variants, rounds, log);
  const cpu = (client) => samples[client].map(cpuPerUpdate);
  const figures = [
    ratioFigure({ id: 'ingest.cpu', label: 'CPU per update, this extension', unit: 'µs', subject: cpu('ours'), floor: cpu('floor'), budget: 6 }),
    ratioFigure({
      id: 'ingest.eld', label: 'event-loop delay p99 during the flood, this extension (floor: the floor client\'s own)', unit: 'ms',
      subject: samples.ours.map((s) => s.eldP99Ms), floor: samples.floor.map((s) => s.eldP99Ms), budget: 16, budgetOn: 'value',
      note: 'a floor far above 0 means the machine itself kept processes waiting (load from elsewhere)',
    }),
    ratioFigure({
      id: 'ingest.rss', label: 'resident memory after the flood, this extension', unit: 'MiB',
      subject: samples.ours.map((s) => s.rssMB), floor: samples.floor.map((s) => s.rssMB), budget: 2,
      note: 'the flood carries about 400 MB of text; the session keeps at most 4 MB of it (src/shared/transcript/transcriptCaps.ts), the oldest entries go to a spill file',
    }),
    ratioFigure({
      id: 'ingest.answer', label: 'answer time of a request the agent sends mid-flood, this extension', unit: 'ms',
      subject: samples.ours.map((s) => s.answerMs), floor: samples.floor.map((s) => s.answerMs), budget: 100, budgetOn: 'value',
      note: 'fs/read_text_file sent after half of the updates, timed by the generator until the answer (the bench client has no file service: it answers "not offered"); includes working through the updates written before it',
    }),
    ratioFigure({ id: 'ingest.wall', label: 'wall time of the flood, this extension', unit: 'ms', subject: samples.ours.map((s) => s.wallMs), floor: samples.floor.map((s) => s.wallMs) }),
  ];
  for (const [peer, label] of [['sdk', 'minimal @agentclientprotocol/sdk 2.x client (peer)'], ['acpx', 'acpx 0.19.1 exec --format quiet (peer)']]) {
    if (!peers) continue;
    if (unavailable[peer]) {
      figures.push(notMeasured({ id: `ingest.${peer}.cpu`, label: `CPU per update, ${label}`, reason: unavailable[peer] }));
      continue;
    }
    figures.push(ratioFigure({ id: `ingest.${peer}.cpu`, label: `CPU per update, ${label}`, unit: 'µs', subject: cpu(peer), floor: cpu('floor') }));
    figures.push(ratioFigure({ id: `ingest.${peer}.wall`, label: `wall time of the flood, ${label}`, unit: 'ms', subject: samples[peer].map((s) => s.wallMs), floor: samples.floor.map((s) => s.wallMs) }));
  }
  return { figures, raw: samples };
}

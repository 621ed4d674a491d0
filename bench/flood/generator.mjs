#!/usr/bin/env node
// The flood generator: a minimal ACP agent for benchmarks. `initialize` and `session/new` are answered at once;
// each `session/prompt` is answered after the whole flood of one mix (mixes.mjs) was written as session/update
// notifications to that session. Writes in batches of about 256 KB and waits when stdout is full, so a slow client
// sets the pace. Exits when stdin ends.
//
// With `--requestAt K` it also sends the client a request (fs/read_text_file) after the K-th update, keeps
// flooding, and times the answer; with the environment variable ACP_BENCH_REPORT set it writes
// `{"answerMs","answeredAfter"}` (ms from sending the request to its answer, updates written meanwhile) to that file
// before answering the prompt (after waiting for the answer when the flood ended first).
//
// usage: node generator.mjs [--mix ingest|replay|huge|empty] [--chunks N] [--tools N] [--count N] [--hugeChars N]
//        [--requestAt K]
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { updatesOf } from './mixes.mjs';

const BATCH_CHARS = 256 * 1024;

function parseArgs(argv) {
  const options = { mix: 'ingest' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`--${key} needs a value`);
    options[key] = key === 'mix' ? value : Number(value);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
let sessions = 0;

function write(text) {
  if (process.stdout.write(text)) return undefined;
  return new Promise((resolve) => process.stdout.once('drain', resolve));
}

function line(message) {
  return `${JSON.stringify(message)}\n`;
}

const REQUEST_ID = 'bench-mid-flood';
let midRequest;

function sendMidRequest(sessionId, written) {
  let answered;
  const promise = new Promise((resolve) => (answered = resolve));
  midRequest = { sentAt: performance.now(), written, answered, promise, answeredWritten: undefined };
  return line({ jsonrpc: '2.0', id: REQUEST_ID, method: 'fs/read_text_file', params: { sessionId, path: '/bench/mid-flood.txt' } });
}

async function flood(sessionId) {
  let batch = '';
  let count = 0;
  const requestAt = Number.isInteger(options.requestAt) ? options.requestAt : -1;
  for (const update of updatesOf(options.mix, options)) {
    batch += line({ jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } });
    count++;
    if (count === requestAt) {
      batch += sendMidRequest(sessionId, count);
      await write(batch);
      batch = '';
    }
    if (batch.length >= BATCH_CHARS) {
      await write(batch);
      batch = '';
    }
    if (midRequest && midRequest.answeredWritten === undefined && midRequest.answerMs !== undefined) midRequest.answeredWritten = count;
  }
  if (batch) await write(batch);
  if (midRequest) {
    const answerMs = await midRequest.promise;
    const answeredAfter = (midRequest.answeredWritten ?? count) - midRequest.written;
    if (process.env.ACP_BENCH_REPORT) writeFileSync(process.env.ACP_BENCH_REPORT, JSON.stringify({ answerMs, answeredAfter }));
    midRequest = undefined;
  }
  return count;
}

async function answer(request) {
  const reply = (result) => write(line({ jsonrpc: '2.0', id: request.id, result }));
  switch (request.method) {
    case 'initialize':
      return reply({ protocolVersion: 1, agentCapabilities: { loadSession: false }, authMethods: [], agentInfo: { name: 'bench-flood', version: '1' } });
    case 'session/new':
      sessions += 1;
      return reply({ sessionId: `bench-${sessions}` });
    case 'session/prompt':
      await flood(request.params?.sessionId ?? 'unknown');
      return reply({ stopReason: 'end_turn' });
    default:
      if (request.id === undefined) return undefined;
      return write(line({ jsonrpc: '2.0', id: request.id, error: { code: -32601, message: `${request.method} is not offered by the flood generator` } }));
  }
}

let queue = Promise.resolve();
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on('line', (text) => {
  if (!text.trim()) return;
  const message = JSON.parse(text);
  if (message.method === undefined) {
    // A response: only the mid-flood request asks the client anything (any answer, error included, counts).
    if (message.id === REQUEST_ID && midRequest && midRequest.answerMs === undefined) {
      midRequest.answerMs = performance.now() - midRequest.sentAt;
      midRequest.answered(midRequest.answerMs);
    }
    return;
  }
  queue = queue.then(() => answer(message));
});
input.on('close', () => queue.then(() => process.exit(0)));
process.stdout.on('error', () => process.exit(0));

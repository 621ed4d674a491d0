// One measured window: a code-server of its own and a Chromium of its own, the client's extension (the product's
// production build or the floor extension), the scripted agent with this window's copy of the scenario, and the
// probe in every frame. Runs scenarios one after another in it, then closes it (stopping the server stops its
// extension host and agent).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { findExtensionHost } from '../e2e/idle.mjs';
import { installProbe } from '../e2e/probe.mjs';
import { artifactsDir, newWorkbenchPage, openWorkbenchSession, saveFailure } from '../lib/workbench.mjs';
import { FLOOR_EXTENSION } from './clients.mjs';
import { measureScenario } from './measure.mjs';
import { LOAD_SESSION_ID, probeOptions, writeStreamScenario } from './scenario.mjs';

async function until(find, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return find();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * @param {{ client, dir: string, productExtension: string, sizes, kinds: string[], timeoutMs: (kind) => number, log }} options
 * @returns {Promise<Record<string, object>>} a sample per scenario kind
 */
export async function runWindow({ client, dir, productExtension, sizes, kinds, timeoutMs, log }) {
  mkdirSync(dir, { recursive: true });
  const scenarioFile = path.join(dir, 'scenario.json');
  const agentScript = path.join(productExtension, 'dist', 'demo-agent.js');
  writeStreamScenario({ scenarioFile, storeFile: path.join(dir, 'store.json'), cwd: path.join(dir, 'workspace'), sizes });
  const agent = { command: process.execPath, args: [agentScript, '--scenario', scenarioFile] };
  const session = await openWorkbenchSession(dir, client.settings(agent, LOAD_SESSION_ID));
  let page;
  try {
    const opened = await newWorkbenchPage(session.browser);
    page = opened.page;
    await opened.context.addInitScript(installProbe, probeOptions);
    await page.goto(session.url(client.name === 'floor' ? FLOOR_EXTENSION : productExtension));
    const frame = await client.open(page);
    const hostPid = await until(() => findExtensionHost(scenarioFile), 'no extension host');
    const samples = {};
    for (const kind of kinds) {
      samples[kind] = await measureScenario({ browser: session.browser, frame, client, hostPid, kind, timeoutMs: timeoutMs(kind) });
      const s = samples[kind];
      // What each client showed at the end of each scenario (the last round's), to look at.
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, `stream-${client.name}-${kind}.png`) }).catch(() => {});
      log(`${client.name} ${kind}: ${s.timedOut ? `NOT shown after ${s.timeoutMs / 1000} s${s.floodShown !== undefined ? ` (${s.floodShown} flood chunks in the DOM)` : ''}` : `in the DOM after ${s.inDomMs} ms`}, ` +
        `${s.latencies.length} stamps, last lag ${s.lastLagMs} ms, posted ${s.posted} chars in ${s.messages} messages, host CPU ${s.hostCpuS.toFixed(2)} s, RSS ${(s.hostRss / 2 ** 20).toFixed(0)} MiB, ` +
        `busy ${s.trace.error ?? `${s.trace.busyMs?.toFixed(0)} ms`}`);
    }
    return samples;
  } catch (error) {
    await saveFailure(page, `stream-${client.name}`, dir);
    throw error;
  } finally {
    await session.close();
  }
}

// Entry point of the scripted ACP agent: `node dist/demo-agent.js [--scenario <file.json>] [--pace <factor>]`.
// Without a scenario it is the built-in Demo agent. Speaks ACP as NDJSON on stdin/stdout, logs to stderr.
// A bad command line or scenario file: a message on stderr and exit code 2.
import * as fs from 'node:fs';
import { ScriptedAgent } from './agent';
import { AuthGate } from './auth';
import { loadScenarioFile, parseArgs } from './cli';
import { demoScenario } from './demoScenario';
import { stderrLog } from './log';
import type { Scenario } from './scenario';
import { validateScenario } from './validate';
import { Wire } from './wire';

function fail(message: string): never {
  process.stderr.write(`demo-agent: ${message}\n`);
  process.exit(2);
}

function main(): void {
  const parsed = parseArgs(process.argv.slice(2), process.env);
  if (!parsed.ok) fail(parsed.message);
  let scenario: Scenario;
  if (parsed.options.scenarioPath === undefined) {
    const checked = validateScenario(demoScenario);
    if (!checked.ok) fail(`the embedded demo scenario is invalid:\n  - ${checked.problems.join('\n  - ')}`);
    scenario = checked.scenario;
  } else {
    const loaded = loadScenarioFile(parsed.options.scenarioPath);
    if (!loaded.ok) fail(loaded.message);
    scenario = loaded.scenario;
  }
  if (parsed.options.login) {
    // A terminal login: what a user would see, then the exit status that tells the client how it went.
    const loggedIn = new AuthGate(scenario.requireAuth, process.env, process.cwd()).login();
    process.stdout.write(loggedIn ? 'Logged in to the scripted agent.\n' : 'This scenario has no terminal login (requireAuth.loginFile).\n');
    process.exit(loggedIn ? 0 : 1);
  }
  const log = stderrLog(scenario.agentInfo?.name ?? 'scripted-agent');
  const wire = new Wire(process.stdin, process.stdout, log);
  const exit = async (code: number): Promise<never> => {
    await wire.flush();
    // What is still queued for stderr (a flood) goes out before the process does.
    await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
    process.exit(code);
  };
  const closeOutput = async (): Promise<void> => {
    await wire.flush();
    // The pipe's end closes (the client reads end-of-file); the null device takes fd 1, so later writes go nowhere.
    fs.closeSync(1);
    fs.openSync(process.platform === 'win32' ? '\\\\.\\NUL' : '/dev/null', 'w');
    log.info('stdout closed (scripted); still running');
  };
  const agent = new ScriptedAgent({ scenario, peer: wire, log, pace: parsed.options.pace, exit, closeOutput });
  wire.start({
    request: (request) => agent.request(request),
    notification: (notification) => agent.notification(notification),
    closed: () => {
      if (scenario.shutdown?.ignoreStdinClose) {
        log.info('stdin closed: staying alive (the scenario hangs on shutdown)');
        setInterval(() => undefined, 60_000); // nothing else keeps the process alive now
        return;
      }
      log.info('stdin closed: exiting');
      void exit(0);
    },
  });
  if (scenario.shutdown?.ignoreSigterm) process.on('SIGTERM', () => log.info('SIGTERM ignored (the scenario hangs on shutdown)'));
  log.info(`playing scenario "${scenario.name}"${parsed.options.scenarioPath ? ` from ${parsed.options.scenarioPath}` : ' (embedded demo)'}`);
}

main();

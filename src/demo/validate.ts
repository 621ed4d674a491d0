// Validation of a whole scenario (see scenario.ts for the format). Returns every problem found, each with
// its JSON path, so a broken scenario file is reported at once and clearly.
import {
  checkBoolean,
  checkCount,
  checkInteger,
  checkKnownKeys,
  checkObject,
  checkOptional,
  checkString,
  checkStringList,
  Problems,
} from './checks';
import type { Scenario } from './scenario';
import { checkSteps } from './stepRules';
import { describeError } from '../shared/text/errors';

export type Validated = { ok: true; scenario: Scenario } | { ok: false; problems: string[] };

const topKeys = [
  'name',
  'comment',
  'agentInfo',
  'agentCapabilities',
  'authMethods',
  'requireAuth',
  'protocolVersion',
  'pacing',
  'onInitialize',
  'session',
  'shutdown',
  'store',
  'listPageSize',
  'turns',
] as const;

export function validateScenario(value: unknown): Validated {
  const problems = new Problems();
  if (!checkObject(value, 'scenario', problems)) return { ok: false, problems: problems.list };
  checkKnownKeys(value, topKeys, 'scenario', problems);
  checkString(value.name, 'scenario.name', problems);
  checkOptional(value, 'scenario', problems, {
    comment: checkString,
    agentInfo: checkAgentInfo,
    agentCapabilities: checkObject,
    authMethods: (list, at) => !Array.isArray(list) && problems.add(at, 'expected an array'),
    requireAuth: (value, at) => {
      if (!checkObject(value, at, problems)) return;
      checkKnownKeys(value, ['methodId', 'envVars', 'loginFile'], at, problems);
      checkOptional(value, at, problems, {
        methodId: checkString,
        envVars: (list, path) =>
          !(Array.isArray(list) && list.every((name) => typeof name === 'string')) && problems.add(path, 'expected an array of strings'),
        loginFile: checkString,
      });
    },
    protocolVersion: checkInteger,
    pacing: (pacing, at) => {
      if (!checkObject(pacing, at, problems)) return;
      checkKnownKeys(pacing, ['chunk', 'delayMs'], at, problems);
      checkOptional(pacing, at, problems, { chunk: checkCount, delayMs: checkCount });
    },
    onInitialize: (steps, at) => checkSteps(steps, at, problems, 'initialize'),
    session: checkSession,
    store: checkString,
    listPageSize: checkCount,
    shutdown: (shutdown, at) => {
      if (!checkObject(shutdown, at, problems)) return;
      checkKnownKeys(shutdown, ['ignoreStdinClose', 'ignoreSigterm'], at, problems);
      checkOptional(shutdown, at, problems, { ignoreStdinClose: checkBoolean, ignoreSigterm: checkBoolean });
    },
  });
  checkTurns(value.turns, problems);
  return problems.list.length === 0 ? { ok: true, scenario: value as unknown as Scenario } : { ok: false, problems: problems.list };
}

function checkAgentInfo(value: unknown, at: string, problems: Problems): void {
  if (!checkObject(value, at, problems)) return;
  checkKnownKeys(value, ['name', 'title', 'version'], at, problems);
  checkString(value.name, `${at}.name`, problems);
  checkOptional(value, at, problems, { title: checkString, version: checkString });
}

function checkErrorBody(error: unknown, path: string, problems: Problems): void {
  if (!checkObject(error, path, problems)) return;
  checkInteger(error.code, `${path}.code`, problems);
  checkString(error.message, `${path}.message`, problems);
}

function checkSession(value: unknown, at: string, problems: Problems): void {
  if (!checkObject(value, at, problems)) return;
  checkKnownKeys(value, ['modes', 'configOptions', 'sessionId', 'newError', 'newErrorTimes', 'loadError', 'loadErrorTimes', 'afterNew', 'replay', 'titleFromPrompt', 'replayLeavesOut'], at, problems);
  checkOptional(value, at, problems, {
    modes: checkObject,
    configOptions: (list, path) => !Array.isArray(list) && problems.add(path, 'expected an array'),
    sessionId: checkString,
    newError: (error, path) => checkErrorBody(error, path, problems),
    newErrorTimes: (times, path) => checkInteger(times, path, problems),
    loadError: (error, path) => checkErrorBody(error, path, problems),
    loadErrorTimes: (times, path) => checkInteger(times, path, problems),
    afterNew: (steps, path) => checkSteps(steps, path, problems, 'session'),
    replay: (steps, path) => checkSteps(steps, path, problems, 'session'),
    titleFromPrompt: checkBoolean,
    replayLeavesOut: checkStringList,
  });
}

function checkTurns(value: unknown, problems: Problems): void {
  if (!Array.isArray(value) || value.length === 0) {
    problems.add('scenario.turns', 'expected a non-empty array of turns');
    return;
  }
  value.forEach((turn, index) => {
    const at = `scenario.turns[${index}]`;
    if (!checkObject(turn, at, problems)) return;
    checkKnownKeys(turn, ['comment', 'match', 'flags', 'once', 'steps', 'onCancel'], at, problems);
    checkOptional(turn, at, problems, { comment: checkString, flags: checkString, once: checkBoolean });
    if (turn.match !== undefined) checkPattern(turn.match, turn.flags, `${at}.match`, problems);
    checkSteps(turn.steps, `${at}.steps`, problems, 'turn');
    if (turn.onCancel !== undefined) checkSteps(turn.onCancel, `${at}.onCancel`, problems, 'turn');
  });
}

function checkPattern(pattern: unknown, flags: unknown, at: string, problems: Problems): void {
  if (typeof pattern !== 'string') {
    checkString(pattern, at, problems);
    return;
  }
  try {
    new RegExp(pattern, typeof flags === 'string' ? flags : 'i');
  } catch (error) {
    problems.add(at, `not a valid regular expression: ${describeError(error)}`);
  }
}

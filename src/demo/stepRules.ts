// Validation of scenario steps: which key makes which kind of step, the options each kind takes, and where
// each kind may appear (before initialize is answered there is no session; only a prompt turn can `stop`).
import {
  checkBoolean,
  checkCount,
  checkInteger,
  checkKnownKeys,
  checkObject,
  checkObjectList,
  checkOptional,
  checkString,
  checkStringList,
  checkStringMap,
  describe,
  Problems,
} from './checks';
import { isObject } from './json';

/** Where steps play: while answering initialize, in a session outside a turn, or in a prompt turn. */
export type StepPlace = 'initialize' | 'session' | 'turn';

type Check = (value: unknown, at: string, problems: Problems) => void;

interface KindRule {
  /** Keys allowed next to the kind's own key. */
  options: Record<string, Check>;
  /** Checks the value of the kind's own key. */
  check: Check;
  places: readonly StepPlace[];
}

const anywhere: readonly StepPlace[] = ['initialize', 'session', 'turn'];
const inSession: readonly StepPlace[] = ['session', 'turn'];
const inTurn: readonly StepPlace[] = ['turn'];

const stepList = (place: StepPlace): Check => (value, at, problems) => checkSteps(value, at, problems, place);
const branches = (place: StepPlace): Record<string, Check> => ({ onAllow: stepList(place), onReject: stepList(place) });
const stream: Record<string, Check> = { chunk: checkCount, delayMs: checkCount, messageId: checkString };

function checkWithKeys(required: Record<string, Check>, optional: Record<string, Check>): Check {
  return (value, at, problems) => {
    if (!checkObject(value, at, problems)) return;
    checkKnownKeys(value, [...Object.keys(required), ...Object.keys(optional)], at, problems);
    for (const [key, check] of Object.entries(required)) {
      if (value[key] === undefined) problems.add(at, `"${key}" is required`);
      else check(value[key], `${at}.${key}`, problems);
    }
    checkOptional(value, at, problems, optional);
  };
}

const checkAsk: Check = (value, at, problems) => {
  if (value === true) return;
  checkWithKeys({}, { options: checkObjectList, key: checkString })(value, at, problems);
};

const checkPathOrList: Check = (value, at, problems) => {
  if (Array.isArray(value)) {
    if (value.length === 0) problems.add(at, 'needs at least one path');
    checkStringList(value, at, problems);
  } else checkString(value, at, problems);
};

const checkUpdate: Check = (value, at, problems) => {
  if (checkObject(value, at, problems)) checkString(value.sessionUpdate, `${at}.sessionUpdate`, problems);
};

const checkErrorBody = checkWithKeys({ code: checkInteger, message: checkString }, { data: () => undefined });
const checkMethodCall = checkWithKeys({ method: checkString }, { params: () => undefined });

const checkRequestId: Check = (value, at, problems) => {
  if (typeof value === 'string') return;
  checkInteger(value, at, problems);
};

const checkBatch: Check = (value, at, problems) => {
  if (!Array.isArray(value) || value.length === 0) {
    problems.add(at, 'needs a non-empty array of requests');
    return;
  }
  value.forEach((entry, index) =>
    checkWithKeys({ method: checkString }, { params: () => undefined, id: checkRequestId, cancel: checkBoolean })(entry, `${at}[${index}]`, problems),
  );
};

const checkWrite: Check = (value, at, problems) => {
  const edit = checkWithKeys({ find: checkString, replace: checkString }, { all: checkBoolean });
  checkWithKeys(
    { path: checkString },
    { content: checkString, edit, append: checkString, delete: checkBoolean, onDisk: checkBoolean, ask: checkAsk, toolCallId: checkString, title: checkString },
  )(value, at, problems);
  if (!isObject(value)) return;
  const modes = ['content', 'edit', 'append', 'delete'].filter((key) => value[key] !== undefined);
  if (modes.length !== 1) problems.add(at, `needs exactly one of "content", "edit", "append", "delete" (got ${modes.length})`);
};

const ask = { ask: checkAsk, toolCallId: checkString, title: checkString };

const rules: Record<string, KindRule> = {
  update: { check: checkUpdate, options: {}, places: inSession },
  say: { check: checkString, options: stream, places: inSession },
  think: { check: checkString, options: stream, places: inSession },
  toolCall: { check: checkObject, options: {}, places: inSession },
  toolUpdate: { check: checkObject, options: {}, places: inSession },
  plan: { check: checkObjectList, options: {}, places: inSession },
  permission: {
    check: checkWithKeys({ toolCall: checkObject }, { options: checkObjectList }),
    options: branches('turn'),
    places: inTurn,
  },
  elicit: {
    check: (value, at, problems) => {
      if (checkObject(value, at, problems)) checkString(value.mode, `${at}.mode`, problems);
    },
    options: { onAccept: stepList('turn'), onDecline: stepList('turn'), onDismiss: stepList('turn'), onError: stepList('turn') },
    places: inTurn,
  },
  readFile: {
    check: checkWithKeys(
      { path: checkPathOrList },
      { anyFile: checkBoolean, line: checkCount, limit: checkCount, toolCallId: checkString, title: checkString, show: checkCount },
    ),
    options: { ifNone: stepList('turn') },
    places: inTurn,
  },
  writeFile: { check: checkWrite, options: branches('turn'), places: inTurn },
  run: {
    check: checkWithKeys(
      { command: checkString },
      { args: checkStringList, cwd: checkString, env: checkStringMap, outputByteLimit: checkCount, ...ask },
    ),
    options: branches('turn'),
    places: inTurn,
  },
  agentCommand: {
    check: checkWithKeys(
      { command: checkString },
      {
        args: checkStringList,
        cwd: checkString,
        form: (value, at, problems) => value !== 'claude' && value !== 'codex' && problems.add(at, 'must be "claude" or "codex"'),
        keepRunningOnCancel: checkBoolean,
        assumeOptIn: checkBoolean,
        toolCallId: checkString,
        title: checkString,
      },
    ),
    options: {},
    places: inTurn,
  },
  request: {
    check: checkMethodCall,
    options: {
      expectError: (value, at, problems) => (typeof value === 'number' ? checkInteger : checkBoolean)(value, at, problems),
      saveAs: checkString,
    },
    places: anywhere,
  },
  batch: { check: checkBatch, options: { saveAs: checkString }, places: anywhere },
  notify: { check: checkMethodCall, options: {}, places: anywhere },
  waitForCancel: {
    check: (value, at, problems) => value !== true && problems.add(at, 'must be true'),
    options: {},
    places: inTurn,
  },
  hang: {
    check: (value, at, problems) => value !== true && problems.add(at, 'must be true'),
    options: {},
    places: anywhere,
  },
  delayMs: { check: checkCount, options: {}, places: anywhere },
  stderr: { check: checkString, options: {}, places: anywhere },
  raw: {
    check: checkString,
    options: {
      encoding: (value, at, problems) =>
        !['utf8', 'base64', 'hex'].includes(String(value)) && problems.add(at, 'must be "utf8", "base64" or "hex"'),
    },
    places: anywhere,
  },
  exit: { check: checkInteger, options: {}, places: anywhere },
  closeStdout: {
    check: (value, at, problems) => {
      if (value !== true) checkWithKeys({ afterMs: checkCount }, {})(value, at, problems);
    },
    options: {},
    places: anywhere,
  },
  stop: { check: checkString, options: { result: checkObject }, places: inTurn },
  error: { check: checkErrorBody, options: {}, places: ['initialize', 'turn'] },
  set: { check: checkStringMap, options: {}, places: anywhere },
  repeat: { check: checkCount, options: {}, places: anywhere },
  ifClient: { check: checkString, options: {}, places: anywhere },
  subagent: {
    check: (value, at, problems) => {
      if (checkObject(value, at, problems)) checkString(value.sessionId, `${at}.sessionId`, problems);
    },
    options: {},
    places: inSession,
  },
  asChild: { check: checkString, options: { steps: stepList('turn'), onCancel: stepList('turn') }, places: inTurn },
  sayLarge: { check: checkWithKeys({ chars: checkCount }, { pattern: checkString, messageId: checkString }), options: {}, places: inSession },
  flood: {
    check: checkWithKeys({ chunks: checkCount, chars: checkCount }, { perMessage: checkCount, request: checkMethodCall }),
    options: {},
    places: inTurn,
  },
};

export const stepKinds: readonly string[] = Object.keys(rules);

/** The kind of a step: its one key naming a kind (`delayMs` alone is a pause, next to `say` an option). */
export function stepKind(step: Record<string, unknown>): string | string[] {
  const kinds = Object.keys(step).filter((key) => key in rules && key !== 'delayMs');
  if (kinds.length === 0 && step.delayMs !== undefined) return 'delayMs';
  return kinds.length === 1 ? kinds[0] : kinds;
}

export function checkSteps(value: unknown, at: string, problems: Problems, place: StepPlace): void {
  if (!Array.isArray(value)) {
    problems.add(at, `expected an array of steps, got ${describe(value)}`);
    return;
  }
  value.forEach((step, index) => checkStep(step, `${at}[${index}]`, problems, place));
}

function checkStep(step: unknown, at: string, problems: Problems, place: StepPlace): void {
  if (!checkObject(step, at, problems)) return;
  const kind = stepKind(step);
  if (Array.isArray(kind)) {
    problems.add(at, `a step needs exactly one of: ${stepKinds.join(', ')} (it has: ${Object.keys(step).join(', ') || 'nothing'})`);
    return;
  }
  const rule = rules[kind];
  if (!rule.places.includes(place)) {
    const where = { initialize: 'in onInitialize', session: 'outside a prompt turn', turn: 'in a turn' }[place];
    problems.add(at, `"${kind}" cannot be used ${where}`);
    return;
  }
  rule.check(step[kind], `${at}.${kind}`, problems);
  const options: Record<string, Check> = { ...rule.options, comment: checkString };
  if (kind === 'repeat') options.steps = stepList(place);
  if (kind === 'ifClient') Object.assign(options, { then: stepList(place), else: stepList(place) });
  checkKnownKeys(step, [kind, ...Object.keys(options)], at, problems);
  checkOptional(step, at, problems, options);
  if (kind === 'repeat' && step.steps === undefined) problems.add(at, '"repeat" needs "steps"');
  if (kind === 'asChild' && step.steps === undefined) problems.add(at, '"asChild" needs "steps"');
}

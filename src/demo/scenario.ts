/*
 * Scenario files for the scripted ACP agent (the built-in Demo agent and the fake agent of the tests).
 *
 * A scenario is one JSON object:
 *
 *   {
 *     "name": "hello",                       required; shown in the agent's title and log
 *     "agentInfo": {"name","title","version"},   optional; default name "acp-scripted-agent"
 *     "agentCapabilities": {...},            optional; default {loadSession:false, promptCapabilities:{all false}}
 *     "authMethods": [...],                  optional; `authenticate` is always answered {}
 *     "requireAuth": {"methodId"?, "envVars"?: ["NAME"], "loginFile"?: "path"}
 *                                            optional; session/new answers -32000 (auth_required) until one
 *                                            way is satisfied: `authenticate` with methodId (any id when no
 *                                            methodId but no other way is given), every envVars variable set in
 *                                            the agent's environment (${env.NAME} then holds its value), or
 *                                            loginFile (relative to the agent's cwd) existing. Run with
 *                                            `--login`, the agent writes loginFile and exits 0 (a terminal
 *                                            login). `logout` (when agentCapabilities.auth.logout is offered)
 *                                            forgets `authenticate` and deletes loginFile.
 *     "protocolVersion": 1,                  optional; answered to `initialize` (to test a mismatch)
 *     "pacing": {"chunk": 12, "delayMs": 15},    optional defaults for `say` / `think`
 *     "onInitialize": [steps],               played before `initialize` is answered (no session steps)
 *     "session": {
 *       "modes": {...}, "configOptions": [...],  returned by session/new (set_mode / set_config_option work)
 *       "sessionId": "fixed-id",             optional; default a random id
 *       "newError": {"code","message","data"?},  answer session/new with this error instead
 *       "newErrorTimes": n,                  only the first n session/new of the process fail (default: all)
 *       "loadError": {...}, "loadErrorTimes": n  the same for session/load
 *       "afterNew": [steps],                 played right after the session/new answer
 *       "replay": [steps]                    played on session/load after the stored history (needs
 *                                            agentCapabilities.loadSession)
 *       "titleFromPrompt": true              after a session's first turn, session_info_update with a title (the
 *                                            prompt's first 40 characters) and updatedAt
 *       "replayLeavesOut": ["session_info_update"]  kinds of stored updates session/load does not replay (as
 *                                            claude-agent-acp 0.101 on ACP v1 does not replay its title)
 *     },
 *     "store": "sessions.json",              optional; where sessions are kept across agent processes (relative to
 *                                            the agent's cwd; env ACP_DEMO_STORE wins), else in memory. Each
 *                                            session's updates are recorded as sent (prompts as user_message_chunk,
 *                                            its subagents' updates with their ids) and replayed by session/load
 *     "listPageSize": 50,                    optional; session/list page size (the cursor is opaque)
 *
 *   Session lifecycle, each only when advertised (else -32601): session/load (agentCapabilities.loadSession:
 *   stored history, then session.replay steps), and with agentCapabilities.sessionCapabilities.{list, resume,
 *   close, delete}: session/list (newest first, `cwd` filter, pages), session/resume (no replay), session/close
 *   (cancels the turn, forgets the session in this process), session/delete (leaves the store; unknown ids
 *   succeed). An unknown session id on load or resume is -32002. `additionalDirectories` on new/load/resume is
 *   refused (-32602) unless sessionCapabilities.additionalDirectories is advertised; ${additionalDirectories}
 *   holds what was given, as JSON. load and resume need `mcpServers` (-32602 without).
 *     "turns": [ {"match": "regex", "flags": "i", "once": true, "steps": [...], "onCancel": [...]} ],
 *     "shutdown": {"ignoreStdinClose": true, "ignoreSigterm": true}   optional; an agent that hangs on shutdown:
 *                                            it keeps running when stdin closes and/or ignores SIGTERM
 *   }
 *
 * A prompt plays the first turn whose `match` (a regular expression, case-insensitive unless `flags` say
 * otherwise) finds the prompt's text; a turn without `match` fits every prompt; a `once` turn fits only
 * until it has played in the session. When no turn fits, the last turn plays. So a catch-all goes last,
 * and `once` turns make sequences ("first prompt does A, second does B").
 *
 * Steps: each is an object with one key that says what it is, plus that kind's own options.
 *   {"update": {"sessionUpdate": "...", ...}}       any session/update (sessionId filled in)
 *   {"say": "text", "chunk"?: n, "delayMs"?: n, "messageId"?: "id"}
 *                                                  agent_message_chunk pieces of n characters, delayMs apart;
 *                                                  consecutive `say`s share a messageId, anything else between
 *                                                  them starts a new message
 *   {"think": "text", ...same options}             agent_thought_chunk pieces
 *   {"toolCall": {...}}                            tool_call; toolCallId defaults to a fresh one
 *   {"toolUpdate": {...}}                          tool_call_update; toolCallId defaults to the last tool call
 *   {"plan": [{"content", "priority"?, "status"?}]}    plan (priority medium and status pending by default)
 *   {"permission": {"toolCall": {...}, "options"?: [...]}, "onAllow"?: [steps], "onReject"?: [steps]}
 *                                                  session/request_permission; waits for the answer. An option
 *                                                  whose kind starts with "allow" allows; anything else rejects.
 *                                                  Outcome `cancelled` ends the turn as cancelled.
 *   {"elicit": {"mode": "form", "message", "requestedSchema"} | {"mode": "url", "message", "url", "elicitationId"},
 *    "onAccept"?, "onDecline"?, "onDismiss"?, "onError"?: [steps]}
 *                                                  elicitation/create as written (sessionId filled in unless it
 *                                                  names sessionId or requestId); waits for the answer, sets
 *                                                  elicitation (accept | decline | cancel | "error <code>") and
 *                                                  elicitationContent (the accepted content as JSON, else ""),
 *                                                  then plays the branch of the action (onDismiss: cancel)
 *   {"readFile": {"path": "a" | ["a","b"], "anyFile"?: true, "line"?, "limit"?, "toolCallId"?, "title"?,
 *                 "show"?: chars}, "ifNone"?: [steps]}
 *                                                  the first candidate that exists (else, with anyFile, the first
 *                                                  small text file in the cwd; else the ifNone steps), read with
 *                                                  fs/read_text_file when the client offers it, else from disk
 *   {"writeFile": {"path", "content" | "edit": {"find","replace","all"?} | "append" | "delete": true,
 *                  "onDisk"?: true, "ask"?: true | {"options"?, "key"?}, "toolCallId"?, "title"?}, "onAllow"?, "onReject"?}
 *                                                  an edit shown as a diff tool call, after a permission request
 *                                                  when `ask`; written with fs/write_text_file when the client
 *                                                  offers it, else to disk. `append` starts on a new line (and
 *                                                  a new file does not start with blank lines); `edit` of a
 *                                                  missing file or of text not found fails the tool call;
 *                                                  `onDisk` reads and writes the disk itself even when the client
 *                                                  offers fs/* (like agents that edit files themselves); `delete`
 *                                                  removes the file from disk (a `delete` tool call)
 *   {"run": {"command", "args"?, "cwd"?, "env"?: {...}, "outputByteLimit"?, "ask"?, "toolCallId"?, "title"?},
 *    "onAllow"?, "onReject"?}                      terminal/create + wait_for_exit + output + release when the
 *                                                  client offers terminals, else spawned here (no shell)
 *   {"agentCommand": {"command", "args"?, "cwd"?, "form"?: "claude" | "codex", "keepRunningOnCancel"?,
 *                     "assumeOptIn"?, "toolCallId"?, "title"?}}              a command the agent runs itself (spawned here, no shell), its output
 *                                                  reported in tool call `_meta` as claude-agent-acp or codex-acp do
 *                                                  (see agentCommandStep.ts); sets exitCode, output and
 *                                                  terminalOutputOptIn
 *   {"request": {"method", "params"?}, "expectError"?: true | code, "saveAs"?: "var"}
 *                                                  any request to the client; an unexpected outcome answers the
 *                                                  prompt with error -32603
 *   {"batch": [{"method", "params"?, "id"?: n | "s", "cancel"?: true}], "saveAs"?: "var"}
 *                                                  requests to the client written in one write (so the client
 *                                                  reads them together): `id` fixed (it may repeat) or fresh;
 *                                                  `cancel` sends `$/cancel_request` for it right after it. Waits
 *                                                  until each has a response; saveAs gets them as a JSON array in
 *                                                  arrival order (`{"id","result"}` or `{"id","error"}`)
 *   {"notify": {"method", "params"?}}              any notification to the client
 *   {"waitForCancel": true}                        blocks until session/cancel; the steps after it still play and
 *                                                  the turn then ends "cancelled" unless a `stop` says otherwise
 *   {"hang": true}                                 never goes on: a session/cancel is ignored, the prompt (or initialize)
 *                                                  is never answered (an agent stuck for good; it still exits when its
 *                                                  stdin closes, unless `shutdown` says otherwise)
 *   {"delayMs": n}                                 a pause (cut short by a cancel)
 *   {"stderr": "line"}                             a line on stderr
 *   {"raw": "text", "encoding"?: "utf8" | "base64" | "hex"}   bytes written to stdout as they are
 *   {"exit": code}                                 the process exits
 *   {"closeStdout": true | {"afterMs": n}}         closes stdout for good (the client reads end-of-file) and keeps
 *                                                  running: stdin is still read, nothing more is written. With
 *                                                  afterMs, n ms later while the following steps play (e.g. a
 *                                                  permission request waiting for its answer)
 *   {"stop": "end_turn" | "max_tokens" | "refusal" | ..., "result"?: {...}}   answers the prompt and ends the
 *                                                  turn; `result` fields are added to the answer (e.g. usage)
 *   {"error": {"code", "message", "data"?}}        answers the current request (prompt or initialize) with an error
 *   {"set": {"name": "value"}}                     sets template variables
 *   {"repeat": n, "steps": [...]}                  plays the steps n times, with ${i} = 0..n-1
 *   {"ifClient": "plan" | "session.notices" | ..., "then"?: [steps], "else"?: [steps]}
 *                                                  `then` when the client advertised that capability (a dotted
 *                                                  path into its clientCapabilities: present, not null or false),
 *                                                  else `else` (clientCapsStep.ts)
 *   {"subagent": {"sessionId": "child", "title"?, "description"?, "capabilities"?, "state"?, ...}}
 *                                                  subagent_update on the session (announces or patches a child;
 *                                                  the fields are sent as written, null included)
 *   {"asChild": "child", "steps": [...], "onCancel"?: [steps]}
 *                                                  plays the steps as the child session: updates, permission
 *                                                  requests, file and terminal requests carry its sessionId. A
 *                                                  session/cancel naming the child stops them alone and plays
 *                                                  onCancel (as the parent); the parent's turn goes on
 *   {"sayLarge": {"chars": n, "pattern"?: "text", "messageId"?: "id"}}
 *                                                  ONE agent_message_chunk of n characters (pattern repeated)
 *   {"flood": {"chunks": n, "chars": m, "perMessage"?: k, "request"?: {"method", "params"?}}}
 *                                                  n agent_message_chunks of about m characters, a new message every
 *                                                  k (100), as fast as the client reads; `request` is sent halfway
 *                                                  without waiting and awaited after the last chunk; sets
 *                                                  floodAnsweredAfter (chunks written between the request and its
 *                                                  answer) and floodAnswer (the answer as JSON)
 * Any step, turn or the scenario may carry a "comment" string. A turn that ends without `stop` answers
 * end_turn (cancelled when a cancel came). A session/cancel interrupts the turn at the next step, chunk or pause:
 * the turn's `onCancel` steps play, then the prompt is answered "cancelled".
 *
 * Templates: "${name}" in any string is replaced when the variable is known, else left as is. Known: cwd,
 * mcpServers (the session/new or session/load `mcpServers` as JSON), clientSubagents ("advertised" when the client's
 * initialize offered `subagents`, else "not advertised"), env.NAME (see requireAuth), sessionId, prompt (the prompt's text), turn (1-based), time (ISO), i (in repeat); readFile sets file, fileAbs,
 * fileLines, fileFirstLine; writeFile sets writtenFile, writeResult (written | rejected | failed); run sets
 * exitCode and output; permission sets permission (the chosen optionId or "cancelled"); elicit sets elicitation and
 * elicitationContent; request sets its saveAs.
 * Relative paths are relative to the session's cwd.
 */
import type { Json, JsonObject } from './json';
import type { IfClientStep } from './clientCapsStep';

export interface Scenario {
  name: string;
  comment?: string;
  agentInfo?: { name: string; title?: string; version?: string };
  agentCapabilities?: JsonObject;
  authMethods?: Json[];
  requireAuth?: RequireAuth;
  protocolVersion?: number;
  pacing?: Pacing;
  onInitialize?: Step[];
  session?: SessionSetup;
  shutdown?: Shutdown;
  store?: string;
  listPageSize?: number;
  turns: Turn[];
}

/** What satisfies the agent's authentication (any one of the ways given). */
export interface RequireAuth {
  methodId?: string;
  envVars?: string[];
  loginFile?: string;
}

/** How the agent behaves when asked to stop (default: it exits when stdin closes and dies on SIGTERM). */
export interface Shutdown {
  ignoreStdinClose?: boolean;
  ignoreSigterm?: boolean;
}

export interface Pacing {
  chunk?: number;
  delayMs?: number;
}

export interface SessionSetup {
  modes?: JsonObject;
  configOptions?: Json[];
  sessionId?: string;
  newError?: ErrorBody;
  newErrorTimes?: number;
  loadError?: ErrorBody;
  loadErrorTimes?: number;
  afterNew?: Step[];
  replay?: Step[];
  titleFromPrompt?: boolean;
  replayLeavesOut?: string[];
}

export interface Turn {
  comment?: string;
  match?: string;
  flags?: string;
  once?: boolean;
  steps: Step[];
  onCancel?: Step[];
}

export interface ErrorBody {
  code: number;
  message: string;
  data?: Json;
}

interface Commented {
  comment?: string;
}

export interface Branches {
  onAllow?: Step[];
  onReject?: Step[];
}

export interface Ask {
  options?: JsonObject[];
  /** Remembers an allow_always / reject_always answer under this key (default: the tool kind). */
  key?: string;
}

export interface StreamOptions {
  chunk?: number;
  delayMs?: number;
  messageId?: string;
}

export type UpdateStep = Commented & { update: JsonObject };
export type SayStep = Commented & StreamOptions & { say: string };
export type ThinkStep = Commented & StreamOptions & { think: string };
export type ToolCallStep = Commented & { toolCall: JsonObject };
export type ToolUpdateStep = Commented & { toolUpdate: JsonObject };
export type PlanStep = Commented & { plan: JsonObject[] };
export type PermissionStep = Commented & Branches & { permission: { toolCall: JsonObject; options?: JsonObject[] } };
export type ElicitStep = Commented & {
  elicit: JsonObject;
  onAccept?: Step[];
  onDecline?: Step[];
  /** The client answered `cancel` (the user dismissed it, or the turn was cancelled). */
  onDismiss?: Step[];
  /** The client answered with an error (e.g. -32602 for a mode it does not offer) or an unknown action. */
  onError?: Step[];
};

export interface ReadFileSpec {
  path: string | string[];
  anyFile?: boolean;
  line?: number;
  limit?: number;
  toolCallId?: string;
  title?: string;
  /** How many characters of the content the tool call shows (default 2000, 0 = none). */
  show?: number;
}
export type ReadFileStep = Commented & { readFile: ReadFileSpec; ifNone?: Step[] };

export interface WriteFileSpec {
  path: string;
  content?: string;
  edit?: { find: string; replace: string; all?: boolean };
  append?: string;
  /** Deletes the file (always on disk: ACP has no delete request). */
  delete?: true;
  /** Reads and writes on disk itself even when the client offers fs/* (as some real agents do). */
  onDisk?: boolean;
  ask?: true | Ask;
  toolCallId?: string;
  title?: string;
}
export type WriteFileStep = Commented & Branches & { writeFile: WriteFileSpec };

export interface RunSpec {
  command: string;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  outputByteLimit?: number;
  ask?: true | Ask;
  toolCallId?: string;
  title?: string;
}
export type RunStep = Commented & Branches & { run: RunSpec };

export interface AgentCommandSpec {
  command: string;
  args?: string[];
  cwd?: string;
  /** Whose `_meta` convention to follow (default claude). */
  form?: 'claude' | 'codex';
  /** On session/cancel the command runs on and its output keeps coming (codex's behaviour). */
  keepRunningOnCancel?: boolean;
  /** Behave as if the client had (true) or had not (false) sent the `_meta.terminal_output` opt-in. */
  assumeOptIn?: boolean;
  toolCallId?: string;
  title?: string;
}
export type AgentCommandStep = Commented & { agentCommand: AgentCommandSpec };

export type RequestStep = Commented & {
  request: { method: string; params?: Json };
  expectError?: boolean | number;
  saveAs?: string;
};
export type BatchStep = Commented & {
  batch: { method: string; params?: Json; id?: number | string; cancel?: boolean }[];
  saveAs?: string;
};
export type NotifyStep = Commented & { notify: { method: string; params?: Json } };
export type WaitForCancelStep = Commented & { waitForCancel: true };
export type HangStep = Commented & { hang: true };
export type DelayStep = Commented & { delayMs: number };
export type StderrStep = Commented & { stderr: string };
export type RawStep = Commented & { raw: string; encoding?: 'utf8' | 'base64' | 'hex' };
export type ExitStep = Commented & { exit: number };
export type CloseStdoutStep = Commented & { closeStdout: true | { afterMs: number } };
export type StopStep = Commented & { stop: string; result?: JsonObject };
export type ErrorStep = Commented & { error: ErrorBody };
export type SetStep = Commented & { set: Record<string, string> };
export type RepeatStep = Commented & { repeat: number; steps: Step[] };
export type SubagentStep = Commented & { subagent: JsonObject & { sessionId: string } };
export type AsChildStep = Commented & { asChild: string; steps: Step[]; onCancel?: Step[] };
export type SayLargeStep = Commented & { sayLarge: { chars: number; pattern?: string; messageId?: string } };
export type FloodStep = Commented & {
  flood: { chunks: number; chars: number; perMessage?: number; request?: { method: string; params?: Json } };
};

export type Step =
  | UpdateStep
  | SayStep
  | ThinkStep
  | ToolCallStep
  | ToolUpdateStep
  | PlanStep
  | PermissionStep
  | ElicitStep
  | ReadFileStep
  | WriteFileStep
  | RunStep
  | AgentCommandStep
  | RequestStep
  | BatchStep
  | NotifyStep
  | WaitForCancelStep
  | HangStep
  | DelayStep
  | StderrStep
  | RawStep
  | ExitStep
  | CloseStdoutStep
  | StopStep
  | ErrorStep
  | SetStep
  | RepeatStep
  | SayLargeStep
  | FloodStep
  | IfClientStep
  | SubagentStep
  | AsChildStep;

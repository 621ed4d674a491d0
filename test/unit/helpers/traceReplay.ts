// Replays a recorded ACP trace (test/fixtures/traces/*.ndjson, one `{t, dir, msg}` per line) through the session
// reducer the way the session code drives it:
//   a2c session/update               -> applySessionUpdate
//   a2c session/request_permission   -> setPermissionRequest   (its c2a response -> clearPermissionRequest)
//   c2a session/prompt               -> addUserMessage + setTurnState('running') (its a2c response -> endTurn)
//   c2a session/cancel               -> setTurnState('cancelling')
// JSON-RPC ids are matched per direction: a c2a response answers an a2c request and the other way round.
// An update or permission request under the sessionId of a subagent the session announced (`subagent_update`) goes
// to that child's state (applyInSubagent), as the session's SessionChildren does; other sessionIds go to the session.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ContentBlock } from '../../../src/shared/acp';
import type { SessionChange, SessionState } from '../../../src/shared/transcript/model';
import {
  addUserMessage,
  applySessionUpdate,
  clearPermissionRequest,
  createSessionState,
  endTurn,
  setPermissionRequest,
  setTurnState,
} from '../../../src/shared/transcript/reducer';
import { applyInSubagent, hasSubagent } from '../../../src/shared/transcript/subagents';

export interface TraceRecord {
  t: number;
  dir: 'c2a' | 'a2c' | 'note';
  msg: Record<string, unknown>;
}

/** Compiled tests live in out/test/unit/helpers; the fixtures stay in test/fixtures. */
export const TRACE_DIR = path.resolve(__dirname, '../../../../test/fixtures/traces');

export function traceNames(): string[] {
  return fs
    .readdirSync(TRACE_DIR)
    .filter((f) => f.endsWith('.ndjson'))
    .map((f) => f.slice(0, -'.ndjson'.length))
    .sort();
}

export function loadTrace(name: string): TraceRecord[] {
  const text = fs.readFileSync(path.join(TRACE_DIR, `${name}.ndjson`), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TraceRecord);
}

function params(msg: Record<string, unknown>): Record<string, unknown> {
  const p = msg.params;
  return typeof p === 'object' && p !== null ? (p as Record<string, unknown>) : {};
}

export function isUpdate(rec: TraceRecord, sessionUpdate: string, toolCallId?: string): boolean {
  if (rec.dir !== 'a2c' || rec.msg.method !== 'session/update') return false;
  const update = params(rec.msg).update as Record<string, unknown> | undefined;
  return update?.sessionUpdate === sessionUpdate && (toolCallId === undefined || update.toolCallId === toolCallId);
}

export function isRequest(rec: TraceRecord, dir: 'c2a' | 'a2c', method: string): boolean {
  return rec.dir === dir && rec.msg.method === method && 'id' in rec.msg;
}

export function isPermissionRequestFor(rec: TraceRecord, toolCallId: string): boolean {
  if (!isRequest(rec, 'a2c', 'session/request_permission')) return false;
  const toolCall = params(rec.msg).toolCall as Record<string, unknown> | undefined;
  return toolCall?.toolCallId === toolCallId;
}

export class TraceReplay {
  readonly state: SessionState = createSessionState('(trace)');
  readonly unknownKinds: string[] = [];
  readonly changes: SessionChange[] = [];
  /** Permission keys handed to setPermissionRequest, in order. */
  readonly permissionKeys: string[] = [];
  private position = 0;
  private readonly pendingPermissions = new Map<string, { key: string; childId: string | undefined }>();
  private readonly pendingPrompts = new Set<string>();

  constructor(readonly records: TraceRecord[]) {}

  static of(name: string): TraceReplay {
    return new TraceReplay(loadTrace(name));
  }

  get done(): boolean {
    return this.position >= this.records.length;
  }

  /** Applies records up to and including the first one matching `pred`; returns it. */
  runThrough(pred: (rec: TraceRecord) => boolean): TraceRecord {
    while (!this.done) {
      const rec = this.records[this.position];
      this.step();
      if (pred(rec)) return rec;
    }
    throw new Error('no record in the trace matched');
  }

  /** Applies the records before the first one matching `pred` (which stays next). */
  runBefore(pred: (rec: TraceRecord) => boolean): TraceRecord {
    while (!this.done) {
      const rec = this.records[this.position];
      if (pred(rec)) return rec;
      this.step();
    }
    throw new Error('no record in the trace matched');
  }

  runToEnd(): this {
    while (!this.done) this.step();
    return this;
  }

  step(): void {
    const rec = this.records[this.position++];
    const change = this.route(rec);
    if (change) this.changes.push(change);
  }

  private route(rec: TraceRecord): SessionChange | undefined {
    const { msg } = rec;
    const idKey = 'id' in msg ? JSON.stringify(msg.id) : undefined;
    const method = typeof msg.method === 'string' ? msg.method : undefined;
    if (rec.dir === 'a2c') {
      if (method === 'session/update') {
        return this.within(msg, (state) => applySessionUpdate(state, params(msg).update, rec.t, (kind) => this.unknownKinds.push(kind)));
      }
      if (method === 'session/request_permission' && idKey !== undefined) {
        const key = `permission:${idKey}`;
        const childId = this.childOf(msg);
        this.pendingPermissions.set(idKey, { key, childId });
        this.permissionKeys.push(key);
        return this.within(msg, (state) => setPermissionRequest(state, params(msg).toolCall, params(msg).options, key));
      }
      if (method === undefined && idKey !== undefined && this.pendingPrompts.delete(idKey)) {
        const result = msg.result as Record<string, unknown> | undefined;
        return endTurn(this.state, typeof result?.stopReason === 'string' ? result.stopReason : undefined);
      }
      return undefined;
    }
    if (rec.dir === 'c2a') {
      if (method === 'session/prompt' && idKey !== undefined) {
        this.pendingPrompts.add(idKey);
        const change = addUserMessage(this.state, params(msg).prompt as ContentBlock[]);
        setTurnState(this.state, 'running');
        return change;
      }
      if (method === 'session/cancel') return setTurnState(this.state, 'cancelling');
      if (method === undefined && idKey !== undefined) {
        const pending = this.pendingPermissions.get(idKey);
        if (pending === undefined) return undefined;
        this.pendingPermissions.delete(idKey);
        return this.inChild(pending.childId, (state) => clearPermissionRequest(state, pending.key));
      }
    }
    return undefined;
  }

  /** The announced subagent a message's sessionId names, if it names one. */
  private childOf(msg: Record<string, unknown>): string | undefined {
    const id = params(msg).sessionId;
    return typeof id === 'string' && hasSubagent(this.state, id) ? id : undefined;
  }

  private within(msg: Record<string, unknown>, apply: (state: SessionState) => SessionChange): SessionChange {
    return this.inChild(this.childOf(msg), apply);
  }

  private inChild(childId: string | undefined, apply: (state: SessionState) => SessionChange): SessionChange {
    if (childId === undefined) return apply(this.state);
    return applyInSubagent(this.state, childId, apply) ?? { entries: [], header: false };
  }
}

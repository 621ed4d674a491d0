// Local copies of the conversations of agents that cannot load sessions (see ../localTranscript.ts): one JSON file per
// conversation in the extension's workspace storage (`transcripts/`), at most MAX_FILES of them (the least recently
// saved go first), their secrets masked. A conversation is saved when its turn is over and it changed, and when it closes; a read-only
// copy that is open is not saved again. Without a workspace storage folder nothing is kept.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { Emitter, type Event } from 'vscode-jsonrpc/node';
import type { OpenSession, SessionRegistry } from '../../session/sessionRegistry';
import { sessionTitle } from '../../session/openSessionView';
import { describeError } from '../../shared/text/errors';
import { type LocalTranscript, maskTranscript, packTranscript, readTranscript } from '../localTranscript';
import { secretRules, type SecretRules } from '../../shared/text/secretText';

const TOKEN_SHAPES_ONLY = secretRules([]);

/** How many conversations keep a local copy. */
export const MAX_FILES = 50;

export class LocalTranscripts {
  /** What was saved of each open session (to save only what changed). */
  private readonly saved = new Map<string, string>();
  private readonly saveEmitter = new Emitter<{ agentId: string; sessionId: string }>();
  /** A conversation's copy was written (tests wait for it). */
  readonly onDidSave: Event<{ agentId: string; sessionId: string }> = this.saveEmitter.event;
  private readonly subscriptions: { dispose(): void }[];

  constructor(
    private readonly folder: string | undefined,
    private readonly sessions: SessionRegistry,
    private readonly log: (line: string) => void,
    /** The secrets masked in the copies (token shapes only by default). */
    private readonly rules: () => SecretRules = () => TOKEN_SHAPES_ONLY,
  ) {
    this.subscriptions = [
      sessions.onDidChangeSessions(() => sessions.openSessions.forEach((open) => this.saveIfChanged(open, false))),
      sessions.onDidCloseSession((open) => {
        this.saveIfChanged(open, true);
        this.saved.delete(open.key);
      }),
    ];
  }

  /** The copy of a conversation, when one is kept. */
  read(agentId: string, sessionId: string): LocalTranscript | undefined {
    const file = this.fileOf(agentId, sessionId);
    if (!file) return undefined;
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const transcript = readTranscript(JSON.parse(text));
      return transcript?.agentId === agentId && transcript.sessionId === sessionId ? transcript : undefined;
    } catch (error) {
      this.log(`The local copy of session ${sessionId} could not be read: ${describeError(error)}`);
      return undefined;
    }
  }

  has(agentId: string, sessionId: string): boolean {
    const file = this.fileOf(agentId, sessionId);
    return file !== undefined && fs.existsSync(file);
  }

  /** Forgets a conversation's copy (it was deleted from the history). */
  forget(agentId: string, sessionId: string): void {
    const file = this.fileOf(agentId, sessionId);
    if (file) fs.rmSync(file, { force: true });
  }

  dispose(): void {
    // What changed since the last save (a reload while the agent works) is kept as it is now.
    this.sessions.openSessions.forEach((open) => this.saveIfChanged(open, true));
    this.subscriptions.forEach((subscription) => subscription.dispose());
    this.saveEmitter.dispose();
  }

  private saveIfChanged(open: OpenSession, evenIfBusy: boolean): void {
    if (!this.folder || open.opening || open.readOnly) return;
    const { session, agent } = open;
    if (this.sessions.lifecycleOf(agent.definition.id).load && !session.ended) return;
    const state = session.state;
    // While the agent works nothing is saved (the turn's end is); the checks below walk the transcript.
    if (state.header.turn !== 'idle' && !evenIfBusy) return;
    if (!state.entries.some((entry) => entry.kind === 'user')) return;
    let revs = 0;
    for (const entry of state.entries) revs += entry.rev;
    const signature = `${state.entries.length}:${revs}:${state.entries[0]?.id}:${state.entries.at(-1)?.id}`;
    if (this.saved.get(open.key) === signature) return;
    this.saved.set(open.key, signature);
    const copy = packTranscript(
      { agentId: agent.definition.id, sessionId: session.sessionId, cwd: open.cwd, title: sessionTitle(state, open.knownTitle), entries: state.entries, droppedBefore: state.header.dropped?.entries },
      new Date().toISOString(),
    );
    this.write(copy);
  }

  private write(copy: LocalTranscript): void {
    const file = this.fileOf(copy.agentId, copy.sessionId);
    if (!file || !this.folder) return;
    try {
      const folder = path.dirname(file);
      fs.mkdirSync(folder, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, JSON.stringify(maskTranscript(copy, this.rules())));
      fs.renameSync(temporary, file);
      this.prune(folder);
      this.saveEmitter.fire({ agentId: copy.agentId, sessionId: copy.sessionId });
    } catch (error) {
      this.log(`Could not keep the local copy of session ${copy.sessionId}: ${describeError(error)}`);
    }
  }

  /** Keeps the MAX_FILES most recently saved copies. */
  private prune(folder: string): void {
    const files = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({ file: path.join(folder, name), time: fs.statSync(path.join(folder, name)).mtimeMs }));
    if (files.length <= MAX_FILES) return;
    files.sort((a, b) => b.time - a.time);
    for (const { file } of files.slice(MAX_FILES)) fs.rmSync(file, { force: true });
  }

  private fileOf(agentId: string, sessionId: string): string | undefined {
    if (!this.folder) return undefined;
    const name = createHash('sha256').update(`${agentId}\u0000${sessionId}`).digest('hex').slice(0, 32);
    return path.join(this.folder, 'transcripts', `${name}.json`);
  }
}

/** The folder local copies go in: the extension's workspace storage (none without a workspace). */
export function transcriptsFolder(context: Pick<vscode.ExtensionContext, 'storageUri'>): string | undefined {
  return context.storageUri?.scheme === 'file' ? context.storageUri.fsPath : undefined;
}

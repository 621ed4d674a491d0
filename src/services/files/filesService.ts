// The fs/* client service: fs/read_text_file and fs/write_text_file on VS Code's text documents, checked
// against the session's roots (outside them only with the user's say, and places where secrets are kept only with
// the user's say every time), an event for every write and a notice when a write replaced changes the agent had not
// seen.
import * as vscode from 'vscode';
import type { CancellationToken } from 'vscode-jsonrpc/node';
import type { ClientFeature, ClientServiceMethod, SessionPart, SessionScope } from '../../acp/clientRequests';
import { Baselines } from './baselines';
import { raceCancellation, throwIfCancelled } from './cancellable';
import { AccessKind, OutsideRootsPolicy, SessionConsents } from './consent';
import { readDiskText } from './diskRead';
import { findOpenDocument, readDocument } from './documents';
import { writeThroughDocument } from './documentWrite';
import { toLf } from './eol';
import { examineFileAccess } from './fileAccess';
import { fileError } from './fileErrors';
import { KeyedQueue } from './keyedQueue';
import { sliceLines } from './lineSlice';
import { parseReadParams, parseWriteParams } from './params';
import { caseKey } from './pathKeys';
import type { SaveAfterWrite } from './savePolicy';
import type { SnapshotStore } from './snapshots';
import { ConflictNotice, FilesUserInterface, openConflictCompare } from './userInterface';
import type { WriteRecord } from './writeRecord';

export interface FilesServiceDeps {
  /** Looked up on every use, so tests can swap it. */
  userInterface(): FilesUserInterface;
  outsideRootsPolicy(): OutsideRootsPolicy;
  /** The user's home folder (where ~/.ssh and the like are); looked up on every use, so tests can give their own. */
  home(): string;
  saveAfterWrite(uri: vscode.Uri): SaveAfterWrite;
  snapshots: SnapshotStore;
  log(line: string): void;
  now?(): number;
}

export interface ReadTextFileResult {
  content: string;
}

/** What the files feature keeps for one session: what the agent saw of each file, and the user's answers. */
export interface FilesSession {
  readonly scope: SessionScope;
  readonly baselines: Baselines;
  readonly consents: SessionConsents;
}

const FILES_METHODS: readonly ClientServiceMethod[] = ['fs/read_text_file', 'fs/write_text_file'];

export class FilesService implements ClientFeature {
  private readonly written = new vscode.EventEmitter<WriteRecord>();
  /** Fires after each write (nothing keeps them). */
  readonly onDidWrite = this.written.event;
  /** Writes to one file, in order, whatever session they come from. */
  private readonly writes = new KeyedQueue();
  readonly methods = FILES_METHODS;

  constructor(private readonly deps: FilesServiceDeps) {}

  /** A session's files part: its baselines and consents, released with it. */
  createPart(scope: SessionScope): SessionPart {
    const session: FilesSession = { scope, baselines: new Baselines(), consents: new SessionConsents(() => this.deps.userInterface()) };
    return {
      handlers: {
        'fs/read_text_file': (params, token) => this.readTextFile(params, session, token),
        'fs/write_text_file': (params, token) => this.writeTextFile(params, session, token),
      },
      held: () => session.baselines.count + session.consents.count,
      dispose: () => {
        session.baselines.clear();
        session.consents.clear();
        return Promise.resolve();
      },
    };
  }

  async readTextFile(params: unknown, session: FilesSession, token: CancellationToken): Promise<ReadTextFileResult> {
    const request = parseReadParams(params);
    await this.checkAccess('read', request.path, session, token);
    const document = findOpenDocument(request.path);
    if (document) {
      const read = readDocument(document, request.line, request.limit);
      session.baselines.record(request.path, { document, version: document.version, text: read.whole ? read.text : undefined });
      return { content: read.text };
    }
    const disk = await readDiskText(request.path);
    session.baselines.record(request.path, { text: disk.text });
    return { content: sliceLines(disk.text, request.line, request.limit) };
  }

  /** Answers `{}`: WriteTextFileResponse is an object (only `_meta`) in the schema. */
  async writeTextFile(params: unknown, session: FilesSession, token: CancellationToken): Promise<Record<string, never>> {
    const request = parseWriteParams(params);
    await this.checkAccess('write', request.path, session, token);
    throwIfCancelled(token);
    await this.writes.run(caseKey(request.path), async () => {
      const outcome = await writeThroughDocument({
        path: request.path,
        content: request.content,
        seen: session.baselines.get(request.path),
        savePolicy: (uri) => this.deps.saveAfterWrite(uri),
      });
      const { document } = outcome;
      session.baselines.record(request.path, { document, version: document.version, text: toLf(outcome.after) });
      this.written.fire(Object.freeze({
        sessionKey: session.scope.sessionKey,
        path: request.path,
        before: outcome.before,
        after: outcome.after,
        time: this.deps.now?.() ?? Date.now(),
        conflict: outcome.conflict,
        saved: outcome.saved,
      }));
      if (outcome.conflict) this.notifyConflict(request.path, outcome.before ?? '', document.uri);
    });
    return {};
  }

  dispose(): void {
    this.written.dispose();
  }

  private async checkAccess(kind: AccessKind, file: string, session: FilesSession, token: CancellationToken): Promise<void> {
    const access = await examineFileAccess(file, session.scope.roots, this.deps.home());
    const { secret } = access;
    if (access.insideRoots && !secret) return;
    const policy = access.insideRoots ? 'allow' : this.deps.outsideRootsPolicy();
    const request = { sessionKey: session.scope.sessionKey, kind, path: access.path, realPath: access.realPath, folder: access.folder, ...(secret ? { secret } : {}) };
    if (await raceCancellation(session.consents.decide(policy, request), token)) return;
    const leads = access.realPath === access.path ? '' : ` (it leads to ${access.realPath})`;
    if (secret && policy !== 'deny') {
      throw fileError(file, 'secretLocation', `Refused to ${kind} ${file}${leads}: ${secret.what} are kept there (${secret.place}) and the user did not allow it`);
    }
    const why = policy === 'deny' ? 'the setting acp.files.outsideRoots is "deny"' : 'the user did not allow it';
    throw fileError(file, 'outsideRoots', `Refused to ${kind} ${file}${leads}: it is outside the folders of this session and ${why}`);
  }

  private notifyConflict(file: string, userText: string, document: vscode.Uri): void {
    const notice: ConflictNotice = { path: file, snapshot: this.deps.snapshots.add(file, userText), document };
    this.deps
      .userInterface()
      .conflict(notice)
      .then((compare) => (compare ? openConflictCompare(notice) : undefined))
      .catch((error: unknown) => this.deps.log(`Showing the write conflict on ${file} failed: ${String(error)}`));
  }
}

// The fs/* client service: fs/read_text_file and fs/write_text_file on VS Code's text documents, checked
// against the session's roots (outside them only with the user's say), an event for every write and a
// notice when a write replaced changes the agent had not seen.
import * as vscode from 'vscode';
import type { CancellationToken } from 'vscode-jsonrpc/node';
import type { ClientServices, SessionScope } from '../../acp/clientRequests';
import { Baselines } from './baselines';
import { raceCancellation, throwIfCancelled } from './cancellable';
import { AccessKind, OutsideRootsPolicy, SessionConsents } from './consent';
import { readDiskText } from './diskRead';
import { findOpenDocument, readDocument } from './documents';
import { writeThroughDocument } from './documentWrite';
import { toLf } from './eol';
import { fileError } from './fileErrors';
import { KeyedQueue } from './keyedQueue';
import { sliceLines } from './lineSlice';
import { parseReadParams, parseWriteParams } from './params';
import { checkPathAccess } from './pathAccess';
import { caseKey } from './pathKeys';
import type { SaveAfterWrite } from './savePolicy';
import type { SnapshotStore } from './snapshots';
import { ConflictNotice, FilesUserInterface, openConflictCompare } from './userInterface';
import type { WriteRecord } from './writeRecord';
import type { SessionKey } from '../../shared/sessionKey';

export interface FilesServiceDeps {
  /** Looked up on every use, so tests can swap it. */
  userInterface(): FilesUserInterface;
  outsideRootsPolicy(): OutsideRootsPolicy;
  saveAfterWrite(uri: vscode.Uri): SaveAfterWrite;
  snapshots: SnapshotStore;
  log(line: string): void;
  now?(): number;
}

export interface ReadTextFileResult {
  content: string;
}

export class FilesService implements ClientServices {
  private readonly written = new vscode.EventEmitter<WriteRecord>();
  /** Fires after each write (nothing keeps them). */
  readonly onDidWrite = this.written.event;
  private readonly consents: SessionConsents;
  private readonly baselines = new Baselines();
  private readonly writes = new KeyedQueue();

  readonly handlers: ClientServices['handlers'] = {
    'fs/read_text_file': (params, scope, token) => this.readTextFile(params, scope, token),
    'fs/write_text_file': (params, scope, token) => this.writeTextFile(params, scope, token),
  };

  constructor(private readonly deps: FilesServiceDeps) {
    this.consents = new SessionConsents(() => deps.userInterface());
  }

  async readTextFile(params: unknown, scope: SessionScope, token: CancellationToken): Promise<ReadTextFileResult> {
    const request = parseReadParams(params);
    await this.checkAccess('read', request.path, scope, token);
    const document = findOpenDocument(request.path);
    if (document) {
      const read = readDocument(document, request.line, request.limit);
      this.baselines.record(scope.sessionKey, request.path, { document, version: document.version, text: read.whole ? read.text : undefined });
      return { content: read.text };
    }
    const disk = await readDiskText(request.path);
    this.baselines.record(scope.sessionKey, request.path, { text: disk.text });
    return { content: sliceLines(disk.text, request.line, request.limit) };
  }

  /** Answers `{}`: WriteTextFileResponse is an object (only `_meta`) in the schema. */
  async writeTextFile(params: unknown, scope: SessionScope, token: CancellationToken): Promise<Record<string, never>> {
    const request = parseWriteParams(params);
    await this.checkAccess('write', request.path, scope, token);
    throwIfCancelled(token);
    await this.writes.run(caseKey(request.path), async () => {
      const outcome = await writeThroughDocument({
        path: request.path,
        content: request.content,
        seen: this.baselines.get(scope.sessionKey, request.path),
        savePolicy: (uri) => this.deps.saveAfterWrite(uri),
      });
      const { document } = outcome;
      this.baselines.record(scope.sessionKey, request.path, { document, version: document.version, text: toLf(outcome.after) });
      this.written.fire(Object.freeze({
        sessionKey: scope.sessionKey,
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

  sessionEnded(sessionKey: SessionKey): Promise<void> {
    this.consents.forget(sessionKey);
    this.baselines.forget(sessionKey);
    return Promise.resolve();
  }

  /** What the service holds for a session (file baselines and remembered answers), for tests that count it. */
  heldBy(sessionKey: SessionKey): number {
    return this.baselines.count(sessionKey) + this.consents.count(sessionKey);
  }

  dispose(): void {
    this.written.dispose();
  }

  private async checkAccess(kind: AccessKind, file: string, scope: SessionScope, token: CancellationToken): Promise<void> {
    const access = await checkPathAccess(file, scope.roots);
    if (access.insideRoots) return;
    const policy = this.deps.outsideRootsPolicy();
    const request = { sessionKey: scope.sessionKey, kind, path: access.path, realPath: access.realPath };
    if (await raceCancellation(this.consents.decide(policy, request), token)) return;
    const why = policy === 'deny' ? 'the setting acp.files.outsideRoots is "deny"' : 'the user did not allow it';
    const leads = access.realPath === access.path ? '' : ` (it leads to ${access.realPath})`;
    throw fileError(file, 'outsideRoots', `Refused to ${kind} ${file}${leads}: it is outside the workspace folders and ${why}`);
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

// session/update variants that add advisory rows to the transcript:
//   notice                    a new notice entry each time (no id, no lifecycle): title -> text, description ->
//                             detail; severity kept as sent (unknown values drawn as a plain note). Needs a
//                             non-empty string title, else nothing changes.
//   compaction_update         the first one for a compactionId creates the row where it arrives; later ones patch
//                             it in place: status (required string) replaces; summary: array replaces (null or []
//                             clears, omitted keeps); error: string replaces, null clears, omitted keeps
//   compaction_summary_chunk  appends one content block to the summary (a first-seen id starts an in_progress row)
// Pure: no vscode, no node.
import { ownContentBlock } from './chunks';
import type { ContentBlock } from '../acp';
import type { CompactionEntry, SessionChange, SessionState } from './model';
import { isRecord } from '../text/narrow';
import { appendSeqEntry, emptyChange, entryChange } from './reducerBook';

type Update = Record<string, unknown>;

export function addAgentNotice(state: SessionState, update: Update): SessionChange {
  const { severity, title, description } = update;
  if (typeof title !== 'string' || title.trim() === '') return emptyChange();
  const entry = appendSeqEntry(state, (id) => ({
    kind: 'notice' as const,
    id,
    rev: 1,
    severity: typeof severity === 'string' ? severity : 'info',
    text: title,
    ...(typeof description === 'string' && description !== '' ? { detail: description } : {}),
    source: 'agent' as const,
  }));
  return entryChange(entry.id);
}

function findCompaction(state: SessionState, compactionId: string): CompactionEntry | undefined {
  for (let i = state.entries.length - 1; i >= 0; i--) {
    const entry = state.entries[i];
    if (entry.kind === 'compaction' && entry.compactionId === compactionId) return entry;
  }
  return undefined;
}

function obtainCompaction(state: SessionState, compactionId: string, status: string): { entry: CompactionEntry; created: boolean } {
  const found = findCompaction(state, compactionId);
  if (found) return { entry: found, created: false };
  const entry = appendSeqEntry(state, (id): CompactionEntry => ({ kind: 'compaction', id, rev: 1, compactionId, status, summary: [] }));
  return { entry, created: true };
}

function ownBlocks(value: unknown[]): ContentBlock[] {
  return value.map(ownContentBlock).filter((block): block is ContentBlock => block !== undefined);
}

export function applyCompactionUpdate(state: SessionState, update: Update): SessionChange {
  const { compactionId, status, summary, error } = update;
  if (typeof compactionId !== 'string' || typeof status !== 'string') return emptyChange();
  const { entry, created } = obtainCompaction(state, compactionId, status);
  entry.status = status;
  if (summary === null) entry.summary = [];
  else if (Array.isArray(summary)) entry.summary = ownBlocks(summary);
  if (error === null) delete entry.error;
  else if (typeof error === 'string') entry.error = error;
  if (!created) entry.rev++;
  return entryChange(entry.id);
}

export function appendCompactionSummary(state: SessionState, update: Update): SessionChange {
  const { compactionId } = update;
  const block = isRecord(update.content) ? ownContentBlock(update.content) : undefined;
  if (typeof compactionId !== 'string' || !block) return emptyChange();
  const { entry, created } = obtainCompaction(state, compactionId, 'in_progress');
  const tail = entry.summary[entry.summary.length - 1];
  if (block.type === 'text' && tail?.type === 'text') tail.text += block.text;
  else entry.summary.push(block);
  if (!created) entry.rev++;
  return entryChange(entry.id);
}

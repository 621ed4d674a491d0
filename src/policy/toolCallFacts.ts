// What a permission request is about, read from the tool call as the session knows it (earlier updates merged
// with the request's own `toolCall`, see mergedToolCall): kind, title, the agent's tool name, the paths it
// touches and, for commands, what every command field of its raw input runs (rawInputCommands.ts). Pure; the paths
// are resolved on disk by resolveFacts.ts.
import type { ToolCallEntry } from '../shared/transcript/model';
import { isRecord } from '../shared/text/narrow';
import { rawInputCommands } from './rawInputCommands';
import type { CommandLineAnalysis } from './shellCommand';

/** Keys of `rawInput` that name one file (Claude: file_path, notebook_path; others: path, filePath, ...). */
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'source', 'destination', 'old_path', 'new_path'];

export interface ToolCallDescription {
  toolCallId: string;
  title: string;
  kind: string;
  toolName?: string;
  /** As the agent wrote them (absolute, or relative to the session's cwd). */
  paths: string[];
  /** What the raw input's command fields run, together. */
  command?: CommandLineAnalysis;
  /** The distinct commands, when the raw input names more than one (then no allow rule matches). */
  conflictingCommands?: string[];
}


/** The tool call's `name` (stable since 2026-09-17), else what agents put in `_meta` before it existed. */
function toolNameOf(entry: ToolCallEntry): string | undefined {
  if (entry.name) return entry.name;
  const meta = entry.extra._meta;
  if (!isRecord(meta)) return undefined;
  const claude = meta.claudeCode;
  if (isRecord(claude) && typeof claude.toolName === 'string') return claude.toolName;
  return typeof meta.toolName === 'string' ? meta.toolName : undefined;
}

function pathsOf(entry: ToolCallEntry): string[] {
  const found = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '') found.add(value);
  };
  for (const location of entry.locations) add(location.path);
  for (const item of entry.content) if (isRecord(item) && item.type === 'diff') add(item.path);
  const input = entry.rawInput;
  if (isRecord(input)) {
    for (const key of PATH_KEYS) add(input[key]);
    if (Array.isArray(input.paths)) input.paths.forEach(add);
    // codex: {changes: {"/abs/file": {...}}}
    if (isRecord(input.changes)) Object.keys(input.changes).forEach(add);
  }
  return [...found];
}

export function describeToolCall(entry: ToolCallEntry): ToolCallDescription {
  const { command, conflicting } = rawInputCommands(entry.rawInput);
  return {
    toolCallId: entry.toolCallId,
    title: entry.title,
    kind: entry.toolKind,
    toolName: toolNameOf(entry),
    paths: pathsOf(entry),
    ...(command ? { command } : {}),
    ...(conflicting ? { conflictingCommands: conflicting } : {}),
  };
}

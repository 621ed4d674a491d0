// The permission audit log: every answer to a `session/request_permission`, who gave it (the user, a rule, or
// nobody: the request was cancelled) and when. Kept in a bounded list that survives reloads through the storage
// the glue passes in; formatted as JSON or Markdown for viewing and export. Pure (no vscode, no fs).
import type { OpenPermissionOption } from '../shared/acp';

export type AuditDecider =
  | { type: 'user' }
  | { type: 'rule'; rule: string }
  /** The turn was cancelled, the agent withdrew the request, or the session ended before an answer. */
  | { type: 'cancelled' };

export interface AuditEntry {
  /** ISO time of the decision. */
  time: string;
  agentId: string;
  sessionId: string;
  /** The request came from a subagent (child session `sessionId`): its title. */
  subagent?: string;
  toolCall: { toolCallId: string; title: string; kind: string };
  decidedBy: AuditDecider;
  /** The option answered; absent when cancelled. */
  option?: { optionId: string; name: string; kind: string };
  /** Set when a rule decided but the agent had no fitting option, so the user was asked. */
  note?: string;
}

export interface AuditStorage {
  load(): unknown;
  save(entries: readonly AuditEntry[]): void;
}

export const AUDIT_LIMIT = 1000;

function isEntry(value: unknown): value is AuditEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<AuditEntry>;
  return typeof entry.time === 'string' && typeof entry.agentId === 'string' && typeof entry.toolCall === 'object' && typeof entry.decidedBy === 'object';
}

export class AuditLog {
  private entries: AuditEntry[];

  constructor(
    private readonly storage?: AuditStorage,
    private readonly limit = AUDIT_LIMIT,
  ) {
    const stored = storage?.load();
    this.entries = Array.isArray(stored) ? stored.filter(isEntry).slice(-limit) : [];
  }

  record(entry: AuditEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
    this.storage?.save(this.entries);
  }

  /** Oldest first. */
  all(): readonly AuditEntry[] {
    return this.entries;
  }
}

export function optionSummary(option: OpenPermissionOption): AuditEntry['option'] {
  return { optionId: option.optionId, name: option.name, kind: option.kind };
}

export function auditJson(entries: readonly AuditEntry[]): string {
  return `${JSON.stringify({ permissionDecisions: entries }, null, 2)}\n`;
}

function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ').replace(/`/g, "'");
}

function deciderText(decider: AuditDecider): string {
  if (decider.type === 'rule') return `rule: ${decider.rule}`;
  return decider.type === 'user' ? 'you' : 'nobody (cancelled)';
}

export function auditMarkdown(entries: readonly AuditEntry[]): string {
  const lines = [
    '# ACP permission decisions',
    '',
    entries.length === 0 ? 'No permission requests yet.' : `${entries.length} decision${entries.length === 1 ? '' : 's'}, oldest first.`,
    '',
  ];
  if (entries.length > 0) {
    lines.push('| time | agent | tool call | kind | decided by | answer |', '|---|---|---|---|---|---|');
    for (const entry of entries) {
      const answer = entry.option ? `${entry.option.name} (${entry.option.kind})` : 'cancelled';
      const decided = deciderText(entry.decidedBy) + (entry.note ? ` (${entry.note})` : '');
      const by = typeof entry.subagent === 'string' ? ` (subagent: ${entry.subagent})` : '';
      const call = `${entry.toolCall.title || '(untitled)'} [${entry.toolCall.toolCallId}]${by}`;
      lines.push(`| ${[entry.time, entry.agentId, call, entry.toolCall.kind, decided, answer].map(cell).join(' | ')} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

// A session transcript as Markdown: user and agent messages, thoughts, tool calls (status, locations, output, a
// summary of each diff), notices, and the plan. Pure: no `vscode`, no node. Everything passes through maskSecrets.
import { diffLines } from 'diff';
import type { ContentBlock, OpenToolCallContent } from '../acp';
import type { IdentifiedPlan } from './plans';
import type { CompactionEntry, ElicitationEntry, NoticeEntry, PlanItem, SessionState, ToolCallEntry, TranscriptEntry } from './model';
import { maskSecrets } from './transcriptExportSecrets';
import { sessionMessageText, subagentText } from './subagentExport';

export interface TranscriptExportInfo {
  /** The agent's name, for the heading. */
  agentName?: string;
  /** When the export was made (ISO), for the heading. */
  exportedAt?: string;
  /** Values to mask wherever they appear (the agents' env values and secret flags, keys); see shared/text/secrets.ts. */
  knownSecrets?: readonly string[];
}

/** Diffs bigger than this many changed lines are summarised by their line counts only. */
const DIFF_EDIT_LIMIT = 2000;

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.endsWith('\n') ? text : `${text}\n`}${fence}`;
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `*[image${block.mimeType ? ` ${block.mimeType}` : ''}]*`;
    case 'audio':
      return `*[audio${block.mimeType ? ` ${block.mimeType}` : ''}]*`;
    case 'resource_link':
      return `[${block.name || block.uri}](<${block.uri}>)`;
    case 'resource': {
      const resource = block.resource as { uri?: unknown; text?: unknown };
      const uri = typeof resource.uri === 'string' ? resource.uri : 'resource';
      return typeof resource.text === 'string' ? `Attached <${uri}>:\n\n${fenced(resource.text)}` : `Attached <${uri}> (binary)`;
    }
    default:
      return `*[${String((block as { type?: unknown }).type)} content]*`;
  }
}

function contentText(content: readonly ContentBlock[]): string {
  return content.map(blockText).join('\n\n').trim();
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** "+3 −1" for a diff, or old → new line counts when it is too big to diff here. */
export function diffSummary(oldText: string | null | undefined, newText: string): string {
  if (oldText === null || oldText === undefined) return `new file, ${lineCount(newText)} lines`;
  const changes = diffLines(oldText, newText, { maxEditLength: DIFF_EDIT_LIMIT });
  if (!changes) return `${lineCount(oldText)} → ${lineCount(newText)} lines`;
  let added = 0;
  let removed = 0;
  for (const change of changes) {
    if (change.added) added += change.count ?? 0;
    else if (change.removed) removed += change.count ?? 0;
  }
  return `+${added} −${removed}`;
}

function toolContentText(item: OpenToolCallContent): string {
  const record = item as Record<string, unknown>;
  switch (item.type) {
    case 'content': {
      const block = record.content as ContentBlock | undefined;
      return block ? (block.type === 'text' ? fenced(block.text) : blockText(block)) : '';
    }
    case 'diff': {
      const path = typeof record.path === 'string' ? record.path : '(unknown file)';
      const newText = typeof record.newText === 'string' ? record.newText : '';
      const oldText = typeof record.oldText === 'string' ? record.oldText : null;
      return `- Diff \`${path}\`: ${diffSummary(oldText, newText)}`;
    }
    case 'terminal':
      return `- Terminal \`${String(record.terminalId)}\``;
    default:
      return `- *[${item.type} content]*`;
  }
}

function toolCallText(entry: ToolCallEntry): string {
  const lines = [`### Tool call: ${entry.title || entry.toolCallId}`, '', `- Kind: ${entry.toolKind} · Status: ${entry.status}`];
  for (const location of entry.locations) {
    lines.push(`- Location: \`${location.path}${typeof location.line === 'number' && location.line > 0 ? `:${location.line}` : ''}\``);
  }
  const parts = entry.content.map(toolContentText).filter((text) => text !== '');
  return [lines.join('\n'), ...parts].join('\n\n');
}

function noticeText(entry: NoticeEntry): string {
  const label = entry.severity === 'error' ? 'Error' : entry.severity === 'warning' ? 'Warning' : 'Note';
  return quoted(`**${label}:** ${entry.text}${entry.detail ? `\n\n${entry.detail}` : ''}`);
}

function elicitationText(entry: ElicitationEntry): string {
  const asked = entry.request.mode === 'url' ? `${entry.message}\n\nAddress: \`${entry.request.url}\`` : entry.message;
  const answer = { accept: 'accepted', decline: 'declined', cancel: 'dismissed' }[entry.outcome ?? 'cancel'];
  return quoted(`**The agent asked:** ${asked}\n\n*${entry.outcome ? answer : 'not answered'}*`);
}

function compactionText(entry: CompactionEntry): string {
  const summary = entry.summary.length > 0 ? `\n\n${contentText(entry.summary)}` : '';
  return quoted(`**Context compaction:** ${entry.status.replace(/_/g, ' ')}${entry.error ? ` (${entry.error})` : ''}${summary}`);
}

function entryText(entry: TranscriptEntry): string {
  switch (entry.kind) {
    case 'user':
      return `## User\n\n${contentText(entry.content)}`;
    case 'agent':
      return `## Agent\n\n${contentText(entry.content)}`;
    case 'thought':
      return `### Thought\n\n${quoted(contentText(entry.content))}`;
    case 'tool_call':
      return toolCallText(entry);
    case 'notice':
      return noticeText(entry);
    case 'elicitation':
      return elicitationText(entry);
    case 'compaction':
      return compactionText(entry);
    case 'session_message':
      return sessionMessageText(entry, contentText(entry.content));
    case 'subagent':
      return subagentText(entry, entryText);
  }
}

function planText(plan: readonly PlanItem[]): string {
  const items = plan.map((item) => {
    const box = item.status === 'completed' ? '[x]' : '[ ]';
    const status = item.status === 'completed' || item.status === 'pending' ? '' : ` *(${item.status.replace(/_/g, ' ')})*`;
    return `- ${box} ${item.content}${status}`;
  });
  return `## Plan\n\n${items.join('\n')}`;
}

/** An identified plan (plans.ts): a checklist as the legacy plan, a Markdown plan as it is, with its file. */
function identifiedPlanText(plan: IdentifiedPlan): string {
  if (plan.type === 'items') return planText(plan.entries ?? []);
  if (plan.type !== 'markdown') return `## Plan\n\n*(a plan of type ${plan.type})*`;
  const file = plan.path ? `File: \`${plan.path}\`\n\n` : '';
  return `## Plan\n\n${file}${plan.content ?? ''}`.trimEnd();
}

export function transcriptToMarkdown(state: SessionState, info: TranscriptExportInfo = {}): string {
  const title = state.header.title || 'ACP session';
  const meta = [info.agentName && `Agent: ${info.agentName}`, `Session: \`${state.sessionId}\``, info.exportedAt && `Exported: ${info.exportedAt}`]
    .filter(Boolean)
    .join(' · ');
  const sections = [`# ${title}`, meta, ...state.entries.map(entryText)];
  if (state.header.plan.length > 0) sections.push(planText(state.header.plan));
  for (const plan of state.header.plans ?? []) sections.push(identifiedPlanText(plan));
  return maskSecrets(`${sections.join('\n\n')}\n`, info.knownSecrets);
}

/** Some entries as markdown sections (the host's file of entries dropped from memory). */
export function entriesToMarkdown(entries: readonly TranscriptEntry[]): string {
  return entries.map(entryText).join('\n\n');
}

// Reading a session the way the chat panel does, and answering its permission prompts the way the user does.
import * as vscode from 'vscode';
import type { Session } from '../../../src/session/session';
import type { AgentMessageEntry, ThoughtEntry, ToolCallEntry, TranscriptEntry } from '../../../src/shared/transcript/model';
import type { FakeAnthropic, RecordedRequest } from '../../fixtures/fake-anthropic';
import { toolResultFor } from '../../fixtures/fake-anthropic';

function blocksText(entry: AgentMessageEntry | ThoughtEntry): string {
  return entry.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

/** All agent message text of the session, entries joined with newlines. */
export function agentText(session: Session): string {
  return session.state.entries
    .filter((e): e is AgentMessageEntry => e.kind === 'agent')
    .map(blocksText)
    .join('\n');
}

export function thoughtText(session: Session): string {
  return session.state.entries
    .filter((e): e is ThoughtEntry => e.kind === 'thought')
    .map(blocksText)
    .join('\n');
}

export function toolCall(session: Session, toolCallId: string): ToolCallEntry {
  const entry = session.state.entries.find((e): e is ToolCallEntry => e.kind === 'tool_call' && e.toolCallId === toolCallId);
  if (!entry) {
    const ids = session.state.entries.filter((e): e is ToolCallEntry => e.kind === 'tool_call').map((e) => e.toolCallId);
    throw new Error(`no tool call ${toolCallId} in the session (tool calls: ${ids.join(', ') || 'none'})`);
  }
  return entry;
}

/** The tool_result the agent sent its model for one tool use, with the request that carried it. */
export function toolResult(fake: FakeAnthropic, session: Session, toolUseId: string): { text: string; isError: boolean; request: RecordedRequest } {
  for (const request of fake.conversation(session.sessionId)) {
    const result = request.messages && toolResultFor(request.messages, toolUseId);
    if (result) return { text: result.text, isError: result.isError, request };
  }
  throw new Error(`the agent sent its model no tool_result for ${toolUseId} (problems at the fake: ${fake.problems.join('; ') || 'none'})`);
}

export interface PermissionAnswerer {
  /** Tool call ids the agent asked permission for, in order. */
  readonly asked: string[];
  /** Prompts that could not be answered as told (no option of the kind). */
  readonly problems: string[];
  dispose(): void;
}

/**
 * Answers every permission prompt of the session (its subagents' included) with the option of the given kind, through
 * the session like the chat panel's buttons do (asynchronously, after the prompt was shown). A prompt without such an option cancels the turn.
 */
export function answerPermissions(session: Session, kind = 'allow_once'): PermissionAnswerer {
  const asked: string[] = [];
  const problems: string[] = [];
  const answered = new Set<string>();
  const answer = (entry: ToolCallEntry): void => {
    const permission = entry.permission;
    if (!permission || answered.has(permission.requestKey)) return;
    answered.add(permission.requestKey);
    asked.push(entry.toolCallId);
    const option = permission.options.find((o) => o.kind === kind);
    if (!option) {
      // Nobody would ever answer: end the turn, so the test fails on `problems` instead of timing out.
      problems.push(`the permission prompt for ${entry.toolCallId} has no "${kind}" option: ${JSON.stringify(permission.options)}`);
      void session.cancel();
      return;
    }
    void Promise.resolve().then(() => session.choosePermission(permission.requestKey, option.optionId));
  };
  // A subagent's prompts show in its thread (the subagent entry's copy of the child's transcript), at any depth.
  const scanEntries = (entries: readonly TranscriptEntry[]): void => {
    for (const entry of entries) {
      if (entry.kind === 'tool_call') answer(entry);
      else if (entry.kind === 'subagent') scanEntries(entry.entries);
    }
  };
  const scan = (): void => scanEntries(session.state.entries);
  const subscription = session.onDidChange(scan);
  scan();
  return { asked, problems, dispose: () => subscription.dispose() };
}

/** Resolves once the document's text is the expected one (at once when it already is). */
export function untilDocumentText(document: vscode.TextDocument, expected: string): Promise<void> {
  if (document.getText() === expected) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document === document && document.getText() === expected) {
        subscription.dispose();
        resolve();
      }
    });
  });
}

/** Throws unless the fake endpoint answered every request from its script without trouble and used it all. */
export function assertScriptPlayed(fake: FakeAnthropic): void {
  if (fake.problems.length > 0) throw new Error(`the fake endpoint had problems: ${fake.problems.join('; ')}`);
  if (fake.remainingSteps > 0) throw new Error(`${fake.remainingSteps} scripted model turn(s) were never asked for`);
}

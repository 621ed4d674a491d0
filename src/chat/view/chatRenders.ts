// What the chat view draws and answers beyond the core transcript; the client's capabilities follow from it
// (acp/clientCapabilities.ts). Each flag stands for a renderer that exists: elicitation forms and URL consent
// (webview-ui ElicitationPrompt, answered through Session.answerElicitation, URLs opened by the host after the
// user's click), compaction rows (webview-ui CompactionRow), agent notices (webview-ui Notice, `source: 'agent'`),
// identified plans (webview-ui PlanCards), the `_meta` output of commands agents run themselves (webview-ui
// TerminalOutput, fed by services/terminals/agentTerminals.ts) and subagent threads (webview-ui
// subagents/SubagentThread: the child's transcript, permission prompts and Stop).
import type { ChatRenders } from '../../acp/clientCapabilities';

export const CHAT_VIEW_RENDERS: ChatRenders = { elicitation: { form: true, url: true }, compaction: true, notices: true, terminalOutput: true, plans: true, subagents: true };

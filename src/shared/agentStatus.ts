// How an agent stands, as the chat's header and the agent picker show it (its own file: the header's words in
// headerStatus.ts and the view's messages in webviewProtocol.ts both use it, and neither imports the other).

/**
 * `notStarted`: the agent has not run yet (it starts with the first session); `stopped`: it ran and was stopped;
 * `untrusted`: the workspace is not trusted (Workspace Trust), so agents are not started until it is.
 */
export type AgentStatus = 'notStarted' | 'starting' | 'ready' | 'failed' | 'stopped' | 'untrusted';

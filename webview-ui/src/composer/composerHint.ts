// The line under the composer's input: why sending is blocked, or that messages are queued while the agent works.
// Pure.
export function composerHint(blocker: string | undefined, running: boolean, notice: string | undefined): string {
  if (notice) return notice;
  if (running) return 'The agent is working: what you send now is queued.';
  return blocker ?? '';
}

/**
 * Sending is possible: nothing blocks it, or a turn runs (the message queues), or the agent is starting (the host
 * sends the message once the agent and its session are up).
 */
export function canSubmit(blocker: string | undefined, running: boolean, starting = false): boolean {
  return blocker === undefined || running || starting;
}

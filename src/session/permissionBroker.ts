// Pending `session/request_permission` requests of one session: each settles exactly once, with the user's
// option, or `cancelled` when the turn is cancelled, the agent withdraws the request, or the session ends.
import type { CancellationToken } from 'vscode-jsonrpc/node';
import type { OpenPermissionOption, RequestPermissionResponse } from '../shared/acp';

export interface PendingRequest {
  key: string;
  toolCallId: string;
  options: OpenPermissionOption[];
}

interface Waiter extends PendingRequest {
  settle(response: RequestPermissionResponse): void;
}

export interface PermissionRequestParams {
  toolCall: Record<string, unknown> & { toolCallId: string };
  options: OpenPermissionOption[];
}

const CANCELLED: RequestPermissionResponse = { outcome: { outcome: 'cancelled' } };

function isOption(value: unknown): value is OpenPermissionOption {
  if (typeof value !== 'object' || value === null) return false;
  const option = value as Record<string, unknown>;
  return typeof option.optionId === 'string' && typeof option.name === 'string' && typeof option.kind === 'string';
}

/** Checks the parts of a permission request we rely on; the rest is kept as it came. */
export function parsePermissionRequest(params: unknown): PermissionRequestParams | string {
  if (typeof params !== 'object' || params === null) return 'params must be an object';
  const { toolCall, options } = params as Record<string, unknown>;
  if (typeof toolCall !== 'object' || toolCall === null || typeof (toolCall as { toolCallId?: unknown }).toolCallId !== 'string') {
    return 'toolCall.toolCallId must be a string';
  }
  if (!Array.isArray(options) || options.length === 0 || !options.every(isOption)) {
    return 'options must be a non-empty list of {optionId, name, kind}';
  }
  return { toolCall: toolCall as PermissionRequestParams['toolCall'], options };
}

export class PermissionBroker {
  private readonly waiters = new Map<string, Waiter>();
  private counter = 0;

  /** `keyPrefix`: the session's key and a slash, so request keys are unique across sessions (`s3/p1`). */
  constructor(private readonly keyPrefix: string) {}

  /** Registers a request; `onSettled` runs once when it settles, whichever way. */
  ask(
    request: PermissionRequestParams,
    token: CancellationToken,
    onOpened: (pending: PendingRequest) => void,
    onSettled: (pending: PendingRequest) => void,
  ): Promise<RequestPermissionResponse> {
    const key = `${this.keyPrefix}p${++this.counter}`;
    return new Promise<RequestPermissionResponse>((resolve) => {
      const cancellation = token.onCancellationRequested(() => this.settle(key, CANCELLED));
      const waiter: Waiter = {
        key,
        toolCallId: request.toolCall.toolCallId,
        options: request.options,
        settle: (response) => {
          cancellation.dispose();
          resolve(response);
          onSettled(waiter);
        },
      };
      this.waiters.set(key, waiter);
      onOpened(waiter);
      if (token.isCancellationRequested) this.settle(key, CANCELLED);
    });
  }

  /** The user's choice; false when the request is gone or the option is not one it offered. */
  choose(key: string, optionId: string): boolean {
    const waiter = this.waiters.get(key);
    if (!waiter || !waiter.options.some((o) => o.optionId === optionId)) return false;
    return this.settle(key, { outcome: { outcome: 'selected', optionId } });
  }

  /** Answers one request `cancelled` (a child session's work was cancelled); false when it is gone. */
  cancel(key: string): boolean {
    return this.settle(key, CANCELLED);
  }

  cancelAll(): void {
    for (const key of [...this.waiters.keys()]) this.settle(key, CANCELLED);
  }

  get pending(): PendingRequest[] {
    return [...this.waiters.values()].map(({ key, toolCallId, options }) => ({ key, toolCallId, options }));
  }

  private settle(key: string, response: RequestPermissionResponse): boolean {
    const waiter = this.waiters.get(key);
    if (!waiter) return false;
    this.waiters.delete(key);
    waiter.settle(response);
    return true;
  }
}

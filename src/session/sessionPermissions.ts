// A session's `session/request_permission` requests (its own and its subagents'): the user's permission policy
// answers when one of its rules decides (the card says which), otherwise the user is asked in the chat; every outcome
// is reported back to the policy's log. A subagent's request is the child's tool call, shown in the child's thread
// and logged under the child's id and title. No `vscode` here.
import { CancellationToken, ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import type { RequestPermissionResponse } from '../shared/acp';
import type { NoticeSeverity, SessionChange, SessionState } from '../shared/transcript/model';
import { applySessionUpdate, clearPermissionRequest, setPermissionRequest, setPolicyDecision } from '../shared/transcript/reducer';
import { mergedToolCall } from '../shared/transcript/mergedToolCall';
import type { SessionScope } from '../acp/clientRequests';
import { PermissionBroker, PermissionRequestParams, parsePermissionRequest } from './permissionBroker';
import type { PermissionGate } from './permissionGate';
import type { SessionChildren } from './sessionChildren';

export interface SessionPermissionsDeps {
  readonly scope: SessionScope;
  readonly gate: PermissionGate;
  readonly broker: PermissionBroker;
  readonly children: SessionChildren;
  /** The session's turn is being cancelled: new requests are answered `cancelled` at once. */
  stopping(): boolean;
  /** The agent went away: nothing is asked any more. */
  lost(): boolean;
  emit(change: SessionChange): void;
  notice(severity: NoticeSeverity, text: string): void;
  now(): number;
}

export class SessionPermissions {
  constructor(private readonly deps: SessionPermissionsDeps) {}

  request(params: unknown, token: CancellationToken): Promise<RequestPermissionResponse> {
    const request = parsePermissionRequest(params);
    if (typeof request === 'string') return Promise.reject(new ResponseError(ErrorCodes.InvalidParams, `Invalid session/request_permission: ${request}`));
    if (this.deps.stopping()) return Promise.resolve({ outcome: { outcome: 'cancelled' } });
    return this.consultPolicy(request, token, this.deps.children.childOf(params));
  }

  /** The permission policy answers when a rule decides; otherwise the user is asked. Every outcome is reported back. */
  private async consultPolicy(request: PermissionRequestParams, token: CancellationToken, childId?: string): Promise<RequestPermissionResponse> {
    const { scope, children, emit } = this.deps;
    const within = (apply: (state: SessionState) => SessionChange): SessionChange => children.within(childId, apply);
    const sessionId = childId ?? scope.sessionId;
    const subagent = childId === undefined ? undefined : children.label(childId);
    const toolCall = mergedToolCall(children.stateOf(childId), request.toolCall);
    const consideration = await this.deps.gate.consider({ sessionId, cwd: scope.cwd, roots: scope.roots, toolCall, options: request.options, ...(subagent !== undefined ? { subagent } : {}) });
    const settle = (response: RequestPermissionResponse): RequestPermissionResponse => {
      consideration.settled(response);
      return response;
    };
    if (this.deps.lost() || token.isCancellationRequested || this.deps.stopping()) return settle({ outcome: { outcome: 'cancelled' } });
    const answer = consideration.answer;
    if (answer) {
      emit(within((state) => applySessionUpdate(state, { ...request.toolCall, sessionUpdate: 'tool_call_update' }, this.deps.now())));
      emit(within((state) => setPolicyDecision(state, request.toolCall.toolCallId, { decision: answer.decision, rule: answer.rule })));
      const by = subagent === undefined ? '' : ` (subagent ${subagent})`;
      if (answer.decision === 'reject') this.deps.notice('info', `Rejected by ${answer.rule}: ${toolCall.title || 'a tool call'}${by}`);
      return settle({ outcome: { outcome: 'selected', optionId: answer.option.optionId } });
    }
    if (consideration.note) this.deps.notice('info', consideration.note);
    const response = await this.deps.broker.ask(
      request,
      token,
      (pending) => {
        if (childId !== undefined) children.opened(childId, pending.key);
        emit(within((state) => setPermissionRequest(state, request.toolCall, request.options, pending.key, consideration.conflictingCommands)));
      },
      (pending) => {
        if (childId !== undefined) children.settled(childId, pending.key);
        emit(within((state) => clearPermissionRequest(state, pending.key)));
      },
    );
    return settle(response);
  }
}

// The client side of one ACP connection: typed requests to the agent, the agent's requests and notifications
// routed to handlers. Transport-agnostic (any MessageReader/MessageWriter), so unit tests run it in memory.
import {
  CancellationToken,
  Disposable,
  Emitter,
  Event,
  Logger,
  MessageConnection,
  MessageReader,
  MessageWriter,
  createMessageConnection,
} from 'vscode-jsonrpc/node';
import type {
  AuthenticateRequest,
  AuthenticateResponse,
  ClientCapabilities,
  CloseSessionRequest,
  CloseSessionResponse,
  DeleteSessionRequest,
  DeleteSessionResponse,
  Implementation,
  InitializeResponse,
  ListSessionsRequest,
  ListSessionsResponse,
  LoadSessionRequest,
  LoadSessionResponse,
  LogoutResponse,
  NewSessionRequest,
  NewSessionResponse,
  PromptRequest,
  PromptResponse,
  ResumeSessionRequest,
  ResumeSessionResponse,
  SetSessionConfigOptionRequest,
  SetSessionConfigOptionResponse,
  SetSessionModeRequest,
  SetSessionModeResponse,
} from '../shared/acp';
import { acpCancellationStrategy } from './cancellation';
import { guardRequestIds } from './duplicateRequests';
import { InputDrain } from './inputDrain';

/** Agent → client requests that act on the user's machine, served by pluggable client services. */
export const CLIENT_SERVICE_METHODS = [
  'fs/read_text_file',
  'fs/write_text_file',
  'terminal/create',
  'terminal/output',
  'terminal/wait_for_exit',
  'terminal/kill',
  'terminal/release',
] as const;

export type ClientServiceMethod = (typeof CLIENT_SERVICE_METHODS)[number];

/** Agent → client requests that belong to one session (their params carry its `sessionId`). */
export const SESSION_REQUEST_METHODS = ['session/request_permission', 'elicitation/create', ...CLIENT_SERVICE_METHODS] as const;

export type SessionRequestMethod = (typeof SESSION_REQUEST_METHODS)[number];

/** The only protocol version this client speaks. */
export const PROTOCOL_VERSION = 1;

export interface AgentRequestHandlers {
  /** `session/update`; params as they came off the wire. */
  sessionUpdate(params: unknown): void;
  /**
   * One of SESSION_REQUEST_METHODS. Must settle exactly once, also when `token` fires (the agent withdrew the
   * request): permission with the `cancelled` outcome, elicitation with the `cancel` action, others with error -32800.
   */
  sessionRequest(method: SessionRequestMethod, params: unknown, token: CancellationToken): Promise<unknown>;
  /** `elicitation/complete`: names only an elicitationId, so it is not tied to a session. */
  elicitationComplete?(params: unknown): void;
}

export class ProtocolVersionError extends Error {
  constructor(readonly offered: unknown) {
    super(
      `The agent answered with protocol version ${JSON.stringify(offered)}, but this client speaks only version ${PROTOCOL_VERSION}. ` +
        'Update the agent or the extension.',
    );
    this.name = 'ProtocolVersionError';
  }
}

export class AcpClientConnection implements Disposable {
  private readonly connection: MessageConnection;
  private readonly closeEmitter = new Emitter<void>();
  readonly onClose: Event<void> = this.closeEmitter.event;
  private readonly input: InputDrain;

  constructor(reader: MessageReader, writer: MessageWriter, handlers: AgentRequestHandlers, logger: Logger) {
    const guarded = guardRequestIds(reader, writer, (id, method) =>
      logger.warn(`Answered -32600 to ${method} with id ${JSON.stringify(id)}: a request with that id is still unanswered`),
    );
    this.input = new InputDrain(guarded.reader);
    this.connection = createMessageConnection(this.input, guarded.writer, logger, {
      cancellationStrategy: acpCancellationStrategy,
      messageStrategy: this.input.strategy,
    });
    this.connection.onNotification('session/update', (params: unknown) => handlers.sessionUpdate(params));
    this.connection.onNotification('elicitation/complete', (params: unknown) => handlers.elicitationComplete?.(params));
    for (const method of SESSION_REQUEST_METHODS) {
      this.connection.onRequest(method, (params: unknown, token: CancellationToken) => handlers.sessionRequest(method, params, token));
    }
    this.connection.onUnhandledNotification((message) => logger.info(`Ignored notification ${message.method}`));
    this.connection.onClose(() => this.closeEmitter.fire());
    this.connection.listen();
  }

  /**
   * Resolves once every message read from the agent so far has been handed to its handler; once its output has
   * ended, every message it wrote. Act on the agent's exit after this, or its last messages are lost.
   */
  dispatched(): Promise<void> {
    return this.input.dispatched();
  }

  /** Negotiates the protocol; any version but ours ends the connection with a ProtocolVersionError. */
  async initialize(clientInfo: Implementation, clientCapabilities: ClientCapabilities): Promise<InitializeResponse> {
    const response = await this.connection.sendRequest<InitializeResponse>('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities,
      clientInfo,
    });
    if (response?.protocolVersion !== PROTOCOL_VERSION) {
      this.dispose();
      throw new ProtocolVersionError(response?.protocolVersion);
    }
    return response;
  }

  // async: a disposed connection throws synchronously; callers get a rejected promise instead.
  /** Signs in with an advertised method whose flow is `authenticate` (never a terminal method). */
  async authenticate(params: AuthenticateRequest): Promise<AuthenticateResponse> {
    return this.connection.sendRequest<AuthenticateResponse>('authenticate', params);
  }

  /** Only when the agent advertised `agentCapabilities.auth.logout`. */
  async logout(): Promise<LogoutResponse> {
    return this.connection.sendRequest<LogoutResponse>('logout', {});
  }

  async newSession(params: NewSessionRequest): Promise<NewSessionResponse> {
    return this.connection.sendRequest<NewSessionResponse>('session/new', params);
  }

  /** Only with `loadSession`; the agent replays the conversation as session/update before it answers. */
  /** `token`: the user gave up on it (the session was closed while loading): `$/cancel_request` is sent. */
  async loadSession(params: LoadSessionRequest, token?: CancellationToken): Promise<LoadSessionResponse> {
    return this.connection.sendRequest<LoadSessionResponse>('session/load', params, token);
  }

  /** Only with `sessionCapabilities.resume`; no replay. `token` as for loadSession. */
  async resumeSession(params: ResumeSessionRequest, token?: CancellationToken): Promise<ResumeSessionResponse> {
    return this.connection.sendRequest<ResumeSessionResponse>('session/resume', params, token);
  }

  /** Only with `sessionCapabilities.close`. */
  async closeSession(params: CloseSessionRequest): Promise<CloseSessionResponse> {
    return this.connection.sendRequest<CloseSessionResponse>('session/close', params);
  }

  /** Only with `sessionCapabilities.list`; the cursor is opaque. */
  async listSessions(params: ListSessionsRequest): Promise<ListSessionsResponse> {
    return this.connection.sendRequest<ListSessionsResponse>('session/list', params);
  }

  /** Only with `sessionCapabilities.delete`. */
  async deleteSession(params: DeleteSessionRequest): Promise<DeleteSessionResponse> {
    return this.connection.sendRequest<DeleteSessionResponse>('session/delete', params);
  }

  async prompt(params: PromptRequest): Promise<PromptResponse> {
    return this.connection.sendRequest<PromptResponse>('session/prompt', params);
  }

  async setMode(params: SetSessionModeRequest): Promise<SetSessionModeResponse> {
    return this.connection.sendRequest<SetSessionModeResponse>('session/set_mode', params);
  }

  /** The answer carries the complete option list. */
  async setConfigOption(params: SetSessionConfigOptionRequest): Promise<SetSessionConfigOptionResponse> {
    return this.connection.sendRequest<SetSessionConfigOptionResponse>('session/set_config_option', params);
  }

  async cancel(sessionId: string): Promise<void> {
    return this.connection.sendNotification('session/cancel', { sessionId });
  }

  dispose(): void {
    this.connection.dispose();
    this.closeEmitter.dispose();
  }
}

// What the features keep for one session: the parts made with it (files, terminals), which serve the agent's requests
// for the methods they declare, and the parts attached once it exists (the review's hold on it). They are counted
// while they hold something and released through one path: the parts made with the session when its agent is gone
// (once), all of them when the session is disposed. A refusal a part wants the user to see (NoticedError) is said in
// the chat too. No `vscode` here.
import { CancellationToken, ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import { ClientServiceMethod, NoticedError, SessionPart } from '../acp/clientRequests';
import { describeError } from '../shared/text/errors';

export class FeatureParts {
  private readonly attached: SessionPart[] = [];
  private released: Promise<void> | undefined;
  private disposed = false;

  constructor(
    /** The parts made with the session (createParts): they serve its requests. */
    private readonly made: readonly SessionPart[],
    private readonly log: (line: string) => void,
    /** Says a part's refusal in the chat (an error notice). */
    private readonly notice: (text: string) => void,
  ) {}

  /** An agent → client request the parts serve; -32601 when none of them offers the method. */
  handle(method: ClientServiceMethod, params: unknown, token: CancellationToken): Promise<unknown> {
    const handler = this.made.find((part) => part.handlers[method])?.handlers[method];
    if (!handler) return Promise.reject(new ResponseError(ErrorCodes.MethodNotFound, `${method} is not offered by this client`));
    return handler(params, token).catch((error: unknown) => {
      if (error instanceof NoticedError) {
        this.log(error.notice);
        this.notice(error.notice);
      }
      throw error;
    });
  }

  /**
   * Attaches a part a feature makes once the session exists (the review's turn observer and transcript hold): it is
   * released with the others by dispose(). Attached once disposed, it is released at once.
   */
  attach(part: SessionPart): void {
    if (this.disposed) {
      void part.dispose().catch(() => undefined);
      return;
    }
    this.attached.push(part);
  }

  /** How many things the parts hold (file baselines, answers, live terminals, attached parts); 0 once disposed. */
  held(): number {
    return [...this.made, ...this.attached].reduce((sum, part) => sum + part.held(), 0);
  }

  /** Disposes the parts made with the session, once (the agent's loss and the session's end both come here); never rejects. */
  release(): Promise<void> {
    this.released ??= Promise.all(
      this.made.map((part) => part.dispose().catch((error: unknown) => this.log(`Releasing session resources failed: ${describeError(error)}`))),
    ).then(() => undefined);
    return this.released;
  }

  /** Disposes every part, the attached ones too; resolves once all are released (never rejects). */
  dispose(): Promise<void> {
    this.disposed = true;
    const attached = this.attached.splice(0).map((part) => part.dispose().catch((error: unknown) => this.log(`Releasing a session part failed: ${describeError(error)}`)));
    return Promise.all([this.release(), ...attached]).then(() => undefined);
  }
}

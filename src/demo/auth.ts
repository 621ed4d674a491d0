// The scripted agent's authentication (scenario `requireAuth`): session/new is refused with -32000
// (auth_required) until `authenticate`, the environment, or a terminal login (`--login` writes loginFile)
// satisfies it. `logout` undoes `authenticate` and the login file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RequireAuth } from './scenario';
import { RpcError } from './wire';

/** ACP's auth_required error code. */
export const AUTH_REQUIRED = -32000;

export class AuthGate {
  private authenticated = false;

  constructor(
    private readonly required: RequireAuth | undefined,
    private readonly env: NodeJS.ProcessEnv,
    private readonly cwd: string,
  ) {}

  /** `authenticate {methodId}`: counts when methodId matches (or when only `authenticate` can satisfy). */
  authenticate(methodId: string | undefined): void {
    const wanted = this.required?.methodId;
    if (wanted === undefined ? this.onlyByAuthenticate() : methodId === wanted) this.authenticated = true;
  }

  logout(): void {
    this.authenticated = false;
    const file = this.loginFile();
    if (file) fs.rmSync(file, { force: true });
  }

  /** Throws auth_required unless one of the ways is satisfied. */
  check(): void {
    if (!this.required || this.satisfied()) return;
    throw new RpcError(AUTH_REQUIRED, 'Authentication required');
  }

  /** The values of the required environment variables that are set, as template variables `env.NAME`. */
  envVars(): [string, string][] {
    return (this.required?.envVars ?? []).flatMap((name) => (this.env[name] ? [[`env.${name}`, this.env[name] as string] as [string, string]] : []));
  }

  /** The terminal login: writes the login file; false when the scenario has none. */
  login(): boolean {
    const file = this.loginFile();
    if (!file) return false;
    fs.writeFileSync(file, `logged in at ${new Date().toISOString()}\n`);
    return true;
  }

  private satisfied(): boolean {
    const { envVars } = this.required ?? {};
    if (this.authenticated) return true;
    if (envVars && envVars.length > 0 && envVars.every((name) => !!this.env[name])) return true;
    const file = this.loginFile();
    return file !== undefined && fs.existsSync(file);
  }

  private onlyByAuthenticate(): boolean {
    return !this.required?.envVars?.length && this.required?.loginFile === undefined;
  }

  private loginFile(): string | undefined {
    const file = this.required?.loginFile;
    return file === undefined ? undefined : path.resolve(this.cwd, file);
  }
}

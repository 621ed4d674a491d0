// What signing in asks and shows the user: a variable's value (an input box, a password box for secrets) and
// the login terminal (the agent's own command with the method's args and env, waited on until it exits).
// Swappable, so integration tests can answer (see AgentAuth.useUserInterface).
import * as vscode from 'vscode';
import type { AuthEnvVar } from '../../acp/authMethods';

export interface EnvVarQuestion {
  agentName: string;
  methodName: string;
  variable: AuthEnvVar;
  link?: string;
}

export interface LoginTerminal {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface AuthUserInterface {
  /** The value, or undefined when the user cancelled. */
  askEnvVar(question: EnvVarQuestion): Promise<string | undefined>;
  /** Runs the login in a terminal; resolves with its exit code (undefined: closed without one). */
  runLoginTerminal(login: LoginTerminal): Promise<number | undefined>;
}

async function askEnvVar(question: EnvVarQuestion): Promise<string | undefined> {
  const { variable } = question;
  const what = variable.label ? `${variable.label} (${variable.name})` : variable.name;
  return vscode.window.showInputBox({
    title: `Sign in to ${question.agentName}: ${question.methodName}`,
    prompt: `${what}${variable.optional ? ' (optional)' : ''}. Kept in VS Code's secret storage and passed to the agent's environment.${
      question.link ? ` Get one at ${question.link}` : ''
    }`,
    password: variable.secret,
    ignoreFocusOut: true,
    validateInput: (value) => (variable.optional || value.trim() !== '' ? undefined : `${variable.name} cannot be empty.`),
  });
}

function runLoginTerminal(login: LoginTerminal): Promise<number | undefined> {
  return new Promise((resolve) => {
    const terminal = vscode.window.createTerminal({
      name: login.name,
      shellPath: login.command,
      shellArgs: login.args,
      env: login.env,
      cwd: login.cwd,
      isTransient: true,
    });
    const closed = vscode.window.onDidCloseTerminal((which) => {
      if (which !== terminal) return;
      closed.dispose();
      resolve(which.exitStatus?.code);
    });
    terminal.show();
  });
}

export const vscodeAuthUserInterface: AuthUserInterface = { askEnvVar, runLoginTerminal };

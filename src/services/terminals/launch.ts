// How a terminal/create request becomes a process: the program, its arguments, the working folder, the environment.
// - `args` given (non-empty): the program runs with exactly those arguments, no shell: nothing is interpreted.
// - no `args` (absent or empty: Rust agents serialize "none" as []): `command` is a whole shell line, run by the
//   user's shell with `-c` (POSIX) or by cmd.exe `/d /s /c` (Windows, like Node's `shell: true`).
import { basename } from 'node:path';
import type { CreateTerminalParams, EnvVariable } from './terminalParams';

export interface TerminalLaunch {
  file: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Windows: pass the arguments as they are (cmd.exe does its own parsing). */
  windowsVerbatimArguments: boolean;
  /** The command as the user would type it: the terminal's name. */
  label: string;
}

export interface HostEnvironment {
  platform: NodeJS.Platform;
  /** The extension host's environment. */
  env: NodeJS.ProcessEnv;
}

/** Shells that understand the POSIX `sh` language agents write their command lines in. */
const POSIX_SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ksh93', 'ash', 'yash', 'busybox']);

/**
 * The shell for command lines. POSIX: `$SHELL` when it speaks the sh language (agents write bash-style lines, which
 * fish, nushell or csh would misread), else /bin/sh. Windows: %ComSpec% (cmd.exe).
 */
export function shellFor(host: HostEnvironment): { file: string; args(line: string): string[]; verbatim: boolean } {
  if (host.platform === 'win32') {
    const comspec = host.env.ComSpec ?? host.env.COMSPEC ?? 'cmd.exe';
    return { file: comspec, args: (line) => ['/d', '/s', '/c', `"${line}"`], verbatim: true };
  }
  const shell = host.env.SHELL;
  const usable = shell !== undefined && shell.startsWith('/') && POSIX_SHELLS.has(basename(shell));
  return { file: usable ? shell : '/bin/sh', args: (line) => ['-c', line], verbatim: false };
}

/** Variables of the extension host that must not leak into commands (they change how Electron and VS Code's own tools behave). */
function isHostOnly(name: string): boolean {
  return /^(ELECTRON_RUN_AS_NODE|ELECTRON_NO_ATTACH_CONSOLE|VSCODE_.+)$/i.test(name);
}

/** The host environment without host-only variables, with the request's variables laid over it. */
export function commandEnvironment(host: HostEnvironment, overlay: readonly EnvVariable[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(host.env)) {
    if (value !== undefined && !isHostOnly(name)) env[name] = value;
  }
  const caseless = host.platform === 'win32';
  for (const { name, value } of overlay) {
    if (caseless) {
      // Windows variable names ignore case: "Path" and "PATH" are one variable.
      for (const existing of Object.keys(env)) if (existing.toUpperCase() === name.toUpperCase()) delete env[existing];
    }
    env[name] = value;
  }
  return env;
}

/** Quotes an argument for display when it needs it (only for the label; nothing is run through this). */
function displayArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function terminalLaunch(request: CreateTerminalParams, sessionCwd: string, host: HostEnvironment): TerminalLaunch {
  const cwd = request.cwd ?? sessionCwd;
  const env = commandEnvironment(host, request.env);
  if (request.args.length > 0) {
    return {
      file: request.command,
      args: request.args,
      cwd,
      env,
      windowsVerbatimArguments: false,
      label: [request.command, ...request.args].map(displayArg).join(' '),
    };
  }
  const shell = shellFor(host);
  return { file: shell.file, args: shell.args(request.command), cwd, env, windowsVerbatimArguments: shell.verbatim, label: request.command };
}

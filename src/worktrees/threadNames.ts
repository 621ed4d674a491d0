// A new thread's branch and folder: `acp/<agent>-<n>` with the first n neither a branch nor a folder yet, in
// `acp.worktrees.location` (default: a folder beside the repository, `<repository>.worktrees`). No `vscode` here.
import * as path from 'node:path';

/** A branch-safe short name of an agent ("Claude Code" -> "claude-code"). */
export function agentSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  return slug || 'agent';
}

/** The folder the worktrees of `repository` go in: the setting (absolute, or relative to the repository) or beside it. */
export function worktreesFolder(repository: string, setting: string | undefined): string {
  const chosen = setting?.trim();
  if (chosen) return path.resolve(repository, chosen.replace(/^~(?=$|[\\/])/, process.env.HOME ?? '~'));
  return path.join(path.dirname(repository), `${path.basename(repository)}.worktrees`);
}

export interface ThreadName {
  branch: string;
  folder: string;
}

/** The first `acp/<agent>-<n>` whose branch and folder are both free. */
export async function nextThreadName(agentName: string, folder: string, taken: (name: ThreadName) => Promise<boolean>): Promise<ThreadName> {
  const slug = agentSlug(agentName);
  for (let n = 1; n < 10_000; n++) {
    const name = { branch: `acp/${slug}-${n}`, folder: path.join(folder, `${slug}-${n}`) };
    if (!(await taken(name))) return name;
  }
  throw new Error(`There are too many threads of ${agentName} in ${folder}: remove some first.`);
}

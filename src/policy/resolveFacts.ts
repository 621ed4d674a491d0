// Where the paths of a tool call really lead: relative paths are taken from the session's cwd, `..` segments are
// resolved, then symlinks are followed (for a path that does not exist yet, those of its nearest existing
// ancestor), and each real path is checked against the real workspace roots. Node only (no vscode).
import * as path from 'node:path';
import { isWithin, realPathOfNearest } from '../services/files/pathAccess';
import type { ResolvedPath, ToolCallFacts } from './rules';
import type { ToolCallDescription } from './toolCallFacts';

export interface FactsContext {
  agentId: string;
  cwd: string;
  roots: readonly string[];
}

async function realOrAsIs(file: string): Promise<string> {
  try {
    return await realPathOfNearest(file);
  } catch {
    return file;
  }
}

export async function resolveFacts(description: ToolCallDescription, context: FactsContext): Promise<ToolCallFacts> {
  const roots = await Promise.all(
    context.roots.map(async (root) => {
      const requested = path.resolve(context.cwd, root);
      return { requested, real: await realOrAsIs(requested) };
    }),
  );
  const paths: ResolvedPath[] = await Promise.all(
    description.paths.map(async (written) => {
      const requested = path.resolve(context.cwd, written);
      const real = await realOrAsIs(requested);
      return { requested, real, inside: roots.some((root) => isWithin(real, root.real)) };
    }),
  );
  return {
    agentId: context.agentId,
    toolCallId: description.toolCallId,
    title: description.title,
    kind: description.kind,
    toolName: description.toolName,
    paths,
    roots,
    command: description.command,
    ...(description.conflictingCommands ? { conflictingCommands: description.conflictingCommands } : {}),
  };
}

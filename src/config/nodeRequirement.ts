// Agents started with npx run on the user's own Node.js. The maintained Claude and Codex adapters ask for Node.js 22
// or later, but npx installs and starts them on an older node without a word (npm only warns about `engines`, and
// npx hides that warning), so whatever breaks later would look like the agent's fault. The check: the version
// `node --version` prints with the agent's PATH, compared with what the agent's preset asks for. Pure.

/** The major version in `node --version` output ("v20.11.1"), or undefined when it is not one. */
export function nodeMajorOf(versionOutput: string): number | undefined {
  const match = /^\s*v?(\d+)\.\d+\.\d+/.exec(versionOutput);
  return match ? Number(match[1]) : undefined;
}

/**
 * What the user is told when the node the agent runs on is older than it asks for; undefined when it is new enough,
 * or when the version could not be read (nothing is claimed then).
 */
export function nodeTooOldMessage(agentName: string, minMajor: number, versionOutput: string | undefined): string | undefined {
  const major = versionOutput === undefined ? undefined : nodeMajorOf(versionOutput);
  if (major === undefined || major >= minMajor) return undefined;
  return `${agentName} needs Node.js ${minMajor} or later, but the node it runs on is ${versionOutput?.trim()}. ` +
    `It may fail to start or fail later: install Node.js ${minMajor} or later (or put one first on the agent's PATH), then restart the agent.`;
}

export interface NodeRequirementAgent {
  id: string;
  name: string;
  command: string;
  args: readonly string[];
}

export interface NodeRequirementDeps<A extends NodeRequirementAgent> {
  /** The oldest Node.js major version the agent's command line asks for (its preset's), if any. */
  minMajorFor(agent: A): number | undefined;
  /** `node --version` on this PATH (undefined: no answer). */
  probe(searchPath: string | undefined): Promise<string | undefined>;
  /** Tells the user (and the agent's log). */
  warn(agent: A, message: string): void;
}

/**
 * The check run before an agent starts: for an agent whose command line asks for a Node.js version, asks the node on
 * the PATH it starts with, and warns when that node is older. Once per agent and PATH in a window (a restart does
 * not warn again); never holds the start back longer than the probe's time limit, never stops it.
 */
export function createNodeRequirementCheck<A extends NodeRequirementAgent>(deps: NodeRequirementDeps<A>): (agent: A, searchPath: string | undefined) => Promise<void> {
  const checked = new Set<string>();
  return async (agent, searchPath) => {
    const minMajor = deps.minMajorFor(agent);
    if (minMajor === undefined) return;
    const key = JSON.stringify([agent.id, agent.command, agent.args, searchPath]);
    if (checked.has(key)) return;
    checked.add(key);
    const message = nodeTooOldMessage(agent.name, minMajor, await deps.probe(searchPath));
    if (message) deps.warn(agent, message);
  };
}

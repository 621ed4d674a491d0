// Which agents the user can run: the built-in demo agent plus the valid entries of the `acp.agents` setting.
// Pure: the caller reads the setting (user scope only) and passes the raw value in.

export interface AgentDefinition {
  id: string;
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  builtIn: boolean;
}

export const DEMO_AGENT_ID = 'demo';

export interface AgentSettingsProblem {
  index: number;
  message: string;
}

export interface ResolvedAgents {
  agents: AgentDefinition[];
  problems: AgentSettingsProblem[];
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

function parseEntry(raw: unknown): AgentDefinition | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'is not an object';
  const entry = raw as Record<string, unknown>;
  if (typeof entry.id !== 'string' || entry.id.trim() === '') return 'needs a non-empty "id"';
  if (typeof entry.command !== 'string' || entry.command.trim() === '') return `("${entry.id}") needs a "command"`;
  if (entry.args !== undefined && !(Array.isArray(entry.args) && entry.args.every((a) => typeof a === 'string'))) {
    return `("${entry.id}") "args" must be a list of strings`;
  }
  if (entry.env !== undefined && !isStringRecord(entry.env)) {
    return `("${entry.id}") "env" must map names to string values`;
  }
  return {
    id: entry.id.trim(),
    name: typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name.trim() : entry.id.trim(),
    command: entry.command,
    args: (entry.args as string[] | undefined) ?? [],
    env: (entry.env as Record<string, string> | undefined) ?? {},
    builtIn: false,
  };
}

/** Validates the user's agent list; the demo agent comes first, and a user entry may not take its id. */
export function resolveAgents(rawSetting: unknown, demo: AgentDefinition): ResolvedAgents {
  const agents: AgentDefinition[] = [demo];
  const problems: AgentSettingsProblem[] = [];
  const list = Array.isArray(rawSetting) ? rawSetting : [];
  if (rawSetting !== undefined && !Array.isArray(rawSetting)) {
    problems.push({ index: -1, message: 'acp.agents must be a list of agents' });
  }
  list.forEach((raw, index) => {
    const parsed = parseEntry(raw);
    if (typeof parsed === 'string') {
      problems.push({ index, message: `acp.agents[${index}] ${parsed}` });
    } else if (agents.some((a) => a.id === parsed.id)) {
      problems.push({ index, message: `acp.agents[${index}]: the id "${parsed.id}" is already taken` });
    } else {
      agents.push(parsed);
    }
  });
  return { agents, problems };
}

/** The agent new sessions use: the configured default if it exists, else the demo agent. */
export function pickDefaultAgent(agents: AgentDefinition[], defaultId: unknown): AgentDefinition {
  return agents.find((a) => a.id === defaultId) ?? agents[0];
}

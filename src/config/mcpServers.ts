// The `acp.mcpServers` setting: MCP servers every new session gets (stdio, http, sse, as ACP's McpServer), and
// which of them an agent may get: http and sse only when its `mcpCapabilities` say so. Pure.
import type { McpServer } from '../shared/acp';
import { isRecord } from '../shared/text/narrow';
import { secretEnvValues } from '../shared/text/secrets';

export type McpTransport = 'stdio' | 'http' | 'sse';

export interface McpServersSetting {
  servers: McpServer[];
  problems: string[];
}

export interface McpSelection {
  /** What session/new (load, resume) sends. */
  servers: McpServer[];
  /** Left out because the agent does not take their transport. */
  leftOut: { name: string; transport: McpTransport }[];
}

interface NameValue {
  name: string;
  value: string;
}

/** `{"NAME": "value"}` or `[{"name": "NAME", "value": "value"}]`, as the user wrote it; a string for a problem. */
function nameValues(raw: unknown, what: string): NameValue[] | string {
  if (raw === undefined) return [];
  if (Array.isArray(raw)) {
    const pairs = raw.filter((item): item is NameValue => isRecord(item) && typeof item.name === 'string' && item.name !== '' && typeof item.value === 'string');
    return pairs.length === raw.length ? pairs.map(({ name, value }) => ({ name, value })) : `"${what}" entries need a "name" and a string "value"`;
  }
  if (isRecord(raw)) {
    const entries = Object.entries(raw);
    return entries.every(([, value]) => typeof value === 'string')
      ? entries.map(([name, value]) => ({ name, value: value as string }))
      : `"${what}" must map names to string values`;
  }
  return `"${what}" must be an object of names to values (or a list of {name, value})`;
}

function parseServer(raw: unknown): McpServer | string {
  if (!isRecord(raw)) return 'is not an object';
  if (typeof raw.name !== 'string' || raw.name.trim() === '') return 'needs a non-empty "name"';
  const name = raw.name.trim();
  const type = raw.type ?? (raw.url !== undefined ? 'http' : 'stdio');
  if (type === 'stdio') {
    if (typeof raw.command !== 'string' || raw.command.trim() === '') return `("${name}") needs a "command"`;
    if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === 'string'))) return `("${name}") "args" must be a list of strings`;
    const env = nameValues(raw.env, 'env');
    if (typeof env === 'string') return `("${name}") ${env}`;
    return { name, command: raw.command, args: (raw.args as string[] | undefined) ?? [], env };
  }
  if (type === 'http' || type === 'sse') {
    if (typeof raw.url !== 'string' || !/^https?:\/\/\S+$/i.test(raw.url)) return `("${name}") needs a "url" starting with http:// or https://`;
    const headers = nameValues(raw.headers, 'headers');
    if (typeof headers === 'string') return `("${name}") ${headers}`;
    return { type, name, url: raw.url, headers };
  }
  return `("${name}") has an unknown "type" ${JSON.stringify(type)}: use "stdio", "http" or "sse"`;
}

/** Validates the setting; each bad entry is skipped with a message that names it. */
export function parseMcpServers(raw: unknown): McpServersSetting {
  const servers: McpServer[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { servers, problems };
  if (!Array.isArray(raw)) return { servers, problems: ['acp.mcpServers must be a list of servers'] };
  raw.forEach((entry, index) => {
    const parsed = parseServer(entry);
    if (typeof parsed === 'string') problems.push(`acp.mcpServers[${index}] ${parsed}`);
    else if (servers.some((s) => s.name === parsed.name)) problems.push(`acp.mcpServers[${index}]: the name "${parsed.name}" is already taken`);
    else servers.push(parsed);
  });
  return { servers, problems };
}

export function transportOf(server: McpServer): McpTransport {
  return 'type' in server && (server.type === 'http' || server.type === 'sse') ? server.type : 'stdio';
}

/** Every agent takes stdio; http and sse only when `agentCapabilities.mcpCapabilities` has them true. */
export function selectMcpServers(servers: McpServer[], agentCapabilities: unknown): McpSelection {
  const mcp = isRecord(agentCapabilities) && isRecord(agentCapabilities.mcpCapabilities) ? agentCapabilities.mcpCapabilities : {};
  const selection: McpSelection = { servers: [], leftOut: [] };
  for (const server of servers) {
    const transport = transportOf(server);
    if (transport === 'stdio' || mcp[transport] === true) selection.servers.push(server);
    else selection.leftOut.push({ name: server.name, transport });
  }
  return selection;
}

/** For the log: names and transports only (env values and headers may hold secrets). */
export function describeMcpServers(servers: McpServer[]): string {
  return servers.length === 0 ? 'none' : servers.map((server) => `${server.name} (${transportOf(server)})`).join(', ');
}

/** Values to mask in logs: every header value, and env values whose names look secret. */
export function mcpSecretValues(servers: McpServer[]): string[] {
  return servers.flatMap((server) => {
    if ('headers' in server) return server.headers.map((header) => header.value);
    if ('env' in server) return secretEnvValues(Object.fromEntries(server.env.map((v) => [v.name, v.value])));
    return [];
  });
}

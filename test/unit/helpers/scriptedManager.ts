// A SessionsApi whose agents are the scripted agent (built from src/demo) playing the scenario file named by the
// agent entry's first arg: real child processes, no VS Code.
import * as path from 'node:path';
import { AgentRuntime } from '../../../src/acp/agentRuntime';
import { clientCapabilitiesFor } from '../../../src/acp/clientCapabilities';
import type { AgentDefinition } from '../../../src/config/agentDefinitions';
import { NO_CLIENT_FEATURES } from '../../../src/acp/clientRequests';
import { createSessionsApi, SessionsApi } from '../../../src/testApi/sessionsApi';
import type { McpServer } from '../../../src/shared/acp';
import { placesIn } from '../../../src/session/sessionPlace';

const agentEntry = path.resolve(__dirname, '..', '..', '..', 'src', 'demo', 'main.js');
export const QUIET = { error: () => undefined, warn: () => undefined, info: () => undefined, log: () => undefined, stderr: (line: string) => (process.env.ACP_TEST_AGENT_STDERR ? console.error(line) : undefined) };

/** A manager whose agents are scripted agents playing the scenario named by the entry's first arg. */
export function scriptedManager(
  dir: string,
  roots: string[] = [dir],
  mcpServers: McpServer[] = [],
): { manager: SessionsApi; starts: Map<string, number>; sent: string[]; answered: string[] } {
  const starts = new Map<string, number>();
  /** The methods of every request and notification the client sent, in order. */
  const sent: string[] = [];
  /**
   * The methods of the client's requests the agent answered, in the order of the answers: the method's name for a
   * result, `<method> (error)` for an error (an agent that honours `$/cancel_request` answers the request so).
   */
  const answered: string[] = [];
  /** What one agent process's connection carries: its requests' ids are its own. */
  const traffic = (): { enabled: boolean; record: (direction: string, message: unknown) => void } => {
    const asked = new Map<unknown, string>();
    return {
      enabled: true,
      record: (direction, message) => {
        const { method, id } = message as { method?: unknown; id?: unknown };
        if (direction === 'client→agent' && typeof method === 'string') {
          sent.push(method);
          if (id !== undefined) asked.set(id, method);
        } else if (direction === 'agent→client' && method === undefined && asked.has(id)) {
          answered.push('error' in (message as object) ? `${asked.get(id)!} (error)` : asked.get(id)!);
          asked.delete(id);
        }
      },
    };
  };
  const manager = createSessionsApi({
    createRuntime: (agent) => {
      const runtime = new AgentRuntime({
        launch: { command: process.execPath, args: [agentEntry, '--scenario', agent.args[0], '--pace', agent.args[1] ?? '0'], cwd: dir, env: agent.env },
        clientInfo: { name: 'unit-test', version: '0' },
        clientCapabilities: clientCapabilitiesFor(NO_CLIENT_FEATURES),
        log: QUIET,
        traffic: traffic(),
      });
      runtime.onDidChangeState((change) => {
        if (change.state === 'starting') starts.set(agent.id, (starts.get(agent.id) ?? 0) + 1);
      });
      return runtime;
    },
    placeFor: placesIn(() => roots, () => roots[0]),
    features: NO_CLIENT_FEATURES,
    log: () => undefined,
    findAgent: () => undefined,
    mcpServers: () => mcpServers,
  });
  return { manager, starts, sent, answered };
}

/** `pace` scales the scenario's delays (default 0: none; 1 for a scenario whose delays are the point). */
export function scriptedDefinition(id: string, scenarioFile: string, env: Record<string, string> = {}, pace = 0): AgentDefinition {
  return { id, name: `Agent ${id}`, command: process.execPath, args: [scenarioFile, String(pace)], env, builtIn: false };
}


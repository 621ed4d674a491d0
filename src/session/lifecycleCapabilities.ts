// Which session lifecycle methods an agent offers, read leniently from its `initialize` answer. The spec says a
// client MUST NOT call session/load without `loadSession: true`, nor session/list, resume, close or delete, nor send
// `additionalDirectories`, unless the matching `sessionCapabilities` entry is present (an object; null means absent).
// Pure.
import { isRecord } from '../shared/text/narrow';

export interface LifecycleCapabilities {
  load: boolean;
  list: boolean;
  resume: boolean;
  close: boolean;
  delete: boolean;
  additionalDirectories: boolean;
}

export const NO_LIFECYCLE: LifecycleCapabilities = Object.freeze({
  load: false,
  list: false,
  resume: false,
  close: false,
  delete: false,
  additionalDirectories: false,
});

/** From the `initialize` answer (undefined before the agent answered). */
export function lifecycleCapabilitiesOf(initializeResponse: unknown): LifecycleCapabilities {
  const agent = isRecord(initializeResponse) ? initializeResponse.agentCapabilities : undefined;
  if (!isRecord(agent)) return NO_LIFECYCLE;
  const session = isRecord(agent.sessionCapabilities) ? agent.sessionCapabilities : {};
  const offered = (name: string): boolean => isRecord(session[name]);
  return {
    load: agent.loadSession === true,
    list: offered('list'),
    resume: offered('resume'),
    close: offered('close'),
    delete: offered('delete'),
    additionalDirectories: offered('additionalDirectories'),
  };
}

/** How an earlier session can be brought back: load replays the conversation (preferred, the chat shows it), resume does not. */
export function reopenMethod(capabilities: LifecycleCapabilities): 'load' | 'resume' | undefined {
  if (capabilities.load) return 'load';
  if (capabilities.resume) return 'resume';
  return undefined;
}

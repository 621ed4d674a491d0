// What the empty chat offers: a sentence on the agent (the built-in Demo agent says what it is) and two or three
// prompts to start with. Pure.

/** The built-in demo agent's id (src/config/agentDefinitions.ts DEMO_AGENT_ID; the view cannot import config). */
export const DEMO_AGENT_ID = 'demo';

export interface Onboarding {
  /** One sentence on the agent. */
  intro: string;
  /** Prompts a click sends. */
  suggestions: string[];
  /** Offer "Connect a real agent" (the agent picker) prominently. */
  offerRealAgent: boolean;
}

export function onboardingFor(agent: { id: string; name: string } | null): Onboarding {
  if (!agent) return { intro: 'No agent is selected.', suggestions: [], offerRealAgent: true };
  if (agent.id === DEMO_AGENT_ID) {
    return {
      intro:
        'The Demo agent is built in and needs no account: whatever you ask, it plays one short scripted session in this folder (a plan, a file read, an edit you approve, a command), so you can see how the chat works.',
      suggestions: ['Show me what you can do', 'Read the README and sum it up'],
      offerRealAgent: true,
    };
  }
  return {
    intro: `Send a message to start a session with ${agent.name || agent.id}.`,
    suggestions: ['Explain what this project does', 'Find likely bugs in the open files', 'Suggest tests worth adding'],
    offerRealAgent: false,
  };
}

/**
 * The composer's placeholder: it promises only what the agent offers ("/ for commands" once it lists slash
 * commands, pasted images only when it accepts them); "@" mentions are the client's own and always work.
 */
export function composerPlaceholder(agentName: string | undefined, hasCommands: boolean, acceptsImages: boolean): string {
  const extras = ['@ for files', hasCommands ? '/ for commands' : '', acceptsImages ? 'paste images' : ''].filter(Boolean).join(', ');
  return `Message ${agentName || 'the agent'} (${extras})`;
}

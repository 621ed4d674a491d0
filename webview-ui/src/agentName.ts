// The selected agent's name, for prompts that must say which agent is asking (elicitations). A context, so
// memoized transcript entries still see a rename.
import { createContext } from 'preact';

export const AgentNameContext = createContext<string | undefined>(undefined);

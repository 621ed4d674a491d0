// Who speaks, for screen readers only ("You", the agent's name): read before each message as one walks the
// conversation. Visually the bubbles and their alignment say it.
import { useContext } from 'preact/hooks';
import { AgentNameContext } from '../agentName';

export function SpeakerLabel({ speaker }: { speaker: string }) {
  return (
    <span class="visually-hidden" data-speaker>
      {`${speaker}:`}
    </span>
  );
}

export function AgentSpeakerLabel() {
  return <SpeakerLabel speaker={useContext(AgentNameContext) || 'Agent'} />;
}

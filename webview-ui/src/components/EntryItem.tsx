// One transcript entry, memoized on (id, rev, active): a streaming chunk re-renders only its own entry.
import { Component } from 'preact';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { ElicitationPrompt } from '../elicitation/ElicitationPrompt';
import { AgentMessage } from './AgentMessage';
import { CompactionRow } from './CompactionRow';
import { Notice } from './Notice';
import { AgentSpeakerLabel } from './SpeakerLabel';
import { Thought } from './Thought';
import { ToolCallCard } from './ToolCallCard';
import { UserMessage } from './UserMessage';
import { SubagentRow } from './SubagentRow';
import { SessionMessageRow } from './SessionMessageRow';

interface EntryItemProps {
  entry: TranscriptEntry;
  /** The entry is still being written (the last one of a running turn). */
  active: boolean;
}

export class EntryItem extends Component<EntryItemProps> {
  override shouldComponentUpdate(next: EntryItemProps): boolean {
    const { entry, active } = this.props;
    return next.entry.id !== entry.id || next.entry.rev !== entry.rev || next.active !== active;
  }

  override render() {
    const { entry, active } = this.props;
    switch (entry.kind) {
      case 'user':
        return <UserMessage entry={entry} />;
      case 'agent':
        return (
          <>
            <AgentSpeakerLabel />
            <AgentMessage entry={entry} active={active} />
          </>
        );
      case 'thought':
        return <Thought entry={entry} active={active} />;
      case 'tool_call':
        return <ToolCallCard entry={entry} />;
      case 'notice':
        return <Notice entry={entry} />;
      case 'elicitation':
        return <ElicitationPrompt entry={entry} />;
      case 'compaction':
        return <CompactionRow entry={entry} />;
      case 'subagent':
        return <SubagentRow entry={entry} />;
      case 'session_message':
        return <SessionMessageRow entry={entry} />;
      default:
        return null;
    }
  }
}

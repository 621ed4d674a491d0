// What the view keeps across being hidden or reloaded (through `vscode.setState`): view state only, never session
// data. Read leniently: an older build may have stored something else.
import { parseMention, type MentionRef } from '../../src/shared/protocol/composerProtocol';
import { parseTabBinding, type TabBinding } from '../../src/shared/protocol/tabBinding';

export interface ViewState {
  /** The unsent text in the composer. */
  draft: string;
  /** The draft's @-mentions (present only when there are some). */
  mentions?: MentionRef[];
  /** A chat tab's conversation (see tabBinding.ts): what the tab shows again after a window reload. */
  tab?: TabBinding;
}

export const emptyViewState: ViewState = { draft: '' };

export function parseViewState(value: unknown): ViewState {
  if (typeof value !== 'object' || value === null) return emptyViewState;
  const { draft, mentions, tab } = value as { draft?: unknown; mentions?: unknown; tab?: unknown };
  const state: ViewState = { draft: typeof draft === 'string' ? draft : '' };
  const kept = Array.isArray(mentions) ? mentions.map(parseMention).filter((m): m is MentionRef => m !== undefined) : [];
  if (kept.length > 0) state.mentions = kept;
  const binding = parseTabBinding(tab);
  if (binding) state.tab = binding;
  return state;
}

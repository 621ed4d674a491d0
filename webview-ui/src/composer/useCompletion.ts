// The composer's completion popup: slash commands while a leading "/word" is typed, workspace files while an
// "@word" is typed. Keys: Up/Down move, Enter/Tab complete, Escape closes (until the query changes).
import { useEffect, useState } from 'preact/hooks';
import type { AvailableCommand } from '../../../src/shared/acp';
import type { MentionRef } from '../../../src/shared/protocol/composerProtocol';
import { moveActive } from '../logic/listNavigation';
import { folderOf, insertMention, mentionQueryAt } from './mentions';
import { completeCommand, matchCommands, slashQuery } from './slashCommands';
import { useFileSearch } from './useFileSearch';

/** One option of the completion list (components/CompletionPopup shows them). */
export interface CompletionItem {
  key: string;
  primary: string;
  secondary?: string;
}

interface CompletionOptions {
  text: string;
  caret: number;
  commands: readonly AvailableCommand[];
  onText(text: string, caret: number): void;
  onMention(mention: MentionRef): void;
}

export interface CompletionPopupState {
  kind: 'command' | 'file';
  items: CompletionItem[];
  active: number;
  status?: string;
  choose(index: number): void;
  setActive(index: number): void;
}

export interface Completion {
  popup: CompletionPopupState | undefined;
  /** Handles the key when the popup is open; true when it did. */
  onKeyDown(event: KeyboardEvent): boolean;
}

function plainKey(event: KeyboardEvent): boolean {
  return !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
}

export function useCompletion({ text, caret, commands, onText, onMention }: CompletionOptions): Completion {
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | undefined>(undefined);
  const slash = commands.length > 0 ? slashQuery(text, caret) : undefined;
  const mention = slash === undefined ? mentionQueryAt(text, caret) : undefined;
  const search = useFileSearch(mention?.query);
  const key = slash !== undefined ? `/${slash}` : mention ? `@${mention.start}:${mention.query}` : '';
  useEffect(() => setActive(0), [key]);

  let popup: CompletionPopupState | undefined;
  if (key !== '' && key !== dismissed) {
    if (slash !== undefined) {
      const matched = matchCommands(commands, slash);
      if (matched.length > 0) {
        popup = {
          kind: 'command',
          items: matched.map((c) => ({ key: c.name, primary: `/${c.name}`, secondary: c.description })),
          active: Math.min(active, matched.length - 1),
          choose: (index) => {
            const done = completeCommand(text, matched[index].name);
            onText(done.text, done.caret);
          },
          setActive,
        };
      }
    } else if (mention) {
      const files = search.files;
      popup = {
        kind: 'file',
        items: files.map((f) => ({ key: f.uri, primary: f.name, secondary: folderOf(f.path) })),
        active: Math.min(active, Math.max(files.length - 1, 0)),
        status: search.loading ? 'Searching…' : 'No matching files',
        choose: (index) => {
          const hit = files[index];
          const done = insertMention(text, mention.start, caret, hit.path);
          onMention({ uri: hit.uri, label: hit.path });
          onText(done.text, done.caret);
        },
        setActive,
      };
    }
  }

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!popup || event.isComposing) return false;
    const count = popup.items.length;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(key);
      return true;
    }
    if (count === 0 || !plainKey(event)) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(moveActive(popup.active, count, event.key === 'ArrowDown' ? 1 : -1));
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      popup.choose(popup.active);
      return true;
    }
    return false;
  };

  return { popup, onKeyDown };
}

// What a key press in the composer means. Pure, so the rules are tested without a DOM.
export type ComposerKeyAction = 'send' | 'cancel' | 'none';

export interface ComposerKey {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an input method editor is composing (Enter then confirms the composition). */
  isComposing: boolean;
}

export function composerKeyAction(event: ComposerKey): ComposerKeyAction {
  if (event.isComposing) return 'none';
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) return 'send';
  if (event.key === 'Escape') return 'cancel';
  return 'none';
}

// Which cards, thoughts and raw values the user opened or closed: view state that lives only in the webview.
// It is kept outside the components because the virtualized transcript unmounts entries that scroll away; an entry
// that comes back is drawn the way the user left it. Only explicit choices are stored (a few per click), so the
// map does not grow with the transcript.
import { useCallback, useState } from 'preact/hooks';

const choices = new Map<string, boolean>();

export function disclosureChoice(key: string): boolean | undefined {
  return choices.get(key);
}

export function setDisclosureChoice(key: string, open: boolean): void {
  choices.set(key, open);
}

/** Forgets every choice (another session: its entry ids mean other entries). */
export function clearDisclosureChoices(): void {
  choices.clear();
}

/**
 * Open or closed: the user's choice for `key` if they made one, else `defaultOpen` (which may change with the
 * entry, e.g. a tool card closes by default once completed).
 */
export function useDisclosure(key: string, defaultOpen: boolean): [open: boolean, toggle: () => void] {
  const [, rerender] = useState(0);
  const open = choices.get(key) ?? defaultOpen;
  const toggle = useCallback(() => {
    choices.set(key, !(choices.get(key) ?? defaultOpen));
    rerender((n) => n + 1);
  }, [key, defaultOpen]);
  return [open, toggle];
}

/** An id for aria-controls made from a key that may hold any character. */
export function domIdFor(key: string): string {
  return `d-${key.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.codePointAt(0)?.toString(16) ?? ''}`)}`;
}

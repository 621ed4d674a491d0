// What a permission option's button says: what its `kind` does ("Allow once", "Allow always", "Reject", "Reject
// always"), never only the agent's wording, so an option named "Reject" of kind allow_always cannot pose as a
// rejection. The agent's own name goes beside it when it says something else. An unknown kind has no label of its
// own: the agent's name is all there is (drawn neutral). Pure: no vscode, no node.
import type { OpenPermissionOption } from './acp';

const KIND_LABELS: ReadonlyMap<string, string> = new Map([
  ['allow_once', 'Allow once'],
  ['allow_always', 'Allow always'],
  ['reject_once', 'Reject'],
  ['reject_always', 'Reject always'],
]);

export interface OptionLabel {
  /** What the button says: the kind's label, or for an unknown kind the agent's name (or the option id). */
  label: string;
  /** The agent's own name for the option, when it differs from the label; shown beside it. */
  agentWording?: string;
  /** The kind is one this client knows. */
  known: boolean;
}

/** Letters and digits only, lower case: "Allow, once!" and "allow once" compare equal. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[\p{P}\p{Z}\s]/gu, '');
}

export function optionLabel(option: Pick<OpenPermissionOption, 'optionId' | 'name' | 'kind'>): OptionLabel {
  const name = typeof option.name === 'string' ? option.name.trim() : '';
  const kindLabel = KIND_LABELS.get(String(option.kind));
  if (kindLabel === undefined) return { label: name || option.optionId, known: false };
  if (name === '' || comparable(name) === comparable(kindLabel)) return { label: kindLabel, known: true };
  return { label: kindLabel, agentWording: name, known: true };
}

// The one place an exported transcript passes through before it leaves the extension. Agents' text, tool output
// and diffs may contain secrets (tokens, keys, passwords). For now this is the identity: the secret masking is a
// separate piece of work that fills this function in; every export already goes through it.
export function maskSecrets(markdown: string): string {
  return markdown;
}

// The one place an exported transcript passes through before it leaves the extension. Agents' text, tool output
// and diffs may contain secrets (tokens, keys, passwords): masked with the shared masker (see secrets.ts).
import { maskSecrets as maskKnownAndShapedSecrets } from '../text/secrets';

export function maskSecrets(markdown: string, knownSecrets: readonly string[] = []): string {
  return maskKnownAndShapedSecrets(markdown, knownSecrets);
}

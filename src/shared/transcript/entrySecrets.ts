// Secrets in transcript entries kept or shown (the chat's copies, the local copies of conversations): every string is
// masked (secretText.ts) except the members that address things, which the view sends back or opens (an id, an
// option to answer, a file's path). Pure.
import type { TranscriptEntry } from './model';
import { maskValue, type SecretRules } from '../text/secretText';

/** Members that address things: never masked. */
export const ADDRESS_KEYS: ReadonlySet<string> = new Set([
  'id',
  'toolCallId',
  'messageId',
  'requestKey',
  'optionId',
  'terminalId',
  'elicitationId',
  'compactionId',
  'childSessionId',
  'promptEntryId',
  'sessionId',
  'path',
  'uri',
]);

/** The entries with their secrets masked (the same array and objects where there is nothing to mask). */
export function maskEntries(entries: readonly TranscriptEntry[], rules: SecretRules): TranscriptEntry[] {
  return maskValue(entries as TranscriptEntry[], rules, ADDRESS_KEYS);
}

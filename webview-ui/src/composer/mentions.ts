// @-mentions in the composer's text: the "@query" being typed, the token a chosen file leaves ("@src/a.ts "), and
// which of the draft's mentions are still in the text when it is sent. Pure.
import type { MentionRef } from '../../../src/shared/protocol/composerProtocol';

export interface MentionQuery {
  /** Where the "@" is. */
  start: number;
  query: string;
}

/** The "@word" the caret is at the end of, when the "@" starts a word; undefined otherwise. */
export function mentionQueryAt(text: string, caret: number): MentionQuery | undefined {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@(\S*)$/.exec(before);
  if (!match) return undefined;
  const rest = text.slice(caret);
  if (rest !== '' && !/^\s/.test(rest)) return undefined;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/** Replaces "@query" (from `start` to `caret`) with "@label " and puts the caret after it. */
export function insertMention(text: string, start: number, caret: number, label: string): { text: string; caret: number } {
  const token = `@${label} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + token + rest, caret: start + token.length };
}

/** Appends "@label " to the text (on the same line, after a space when needed). */
export function appendMention(text: string, label: string): string {
  const separator = text === '' || /\s$/.test(text) ? '' : ' ';
  return `${text}${separator}@${label} `;
}

const TOKEN_END = /^(?:$|[\s,;:!?.)\]}'"])/;

/** True when "@label" stands in the text as a word of its own. */
export function hasMentionToken(text: string, label: string): boolean {
  const token = `@${label}`;
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const startsWord = at === 0 || /\s/.test(text[at - 1]);
    if (startsWord && TOKEN_END.test(text.slice(at + token.length, at + token.length + 1))) return true;
  }
  return false;
}

function sameMention(a: MentionRef, b: MentionRef): boolean {
  return a.uri === b.uri && a.label === b.label && a.range?.start === b.range?.start && a.range?.end === b.range?.end;
}

/** Adds a mention unless the same one is there. */
export function withMention(mentions: readonly MentionRef[], mention: MentionRef): MentionRef[] {
  return mentions.some((m) => sameMention(m, mention)) ? [...mentions] : [...mentions, mention];
}

/** The mentions whose token is still in the text, in the order of the text. */
export function mentionsInText(text: string, mentions: readonly MentionRef[]): MentionRef[] {
  return mentions
    .filter((mention) => hasMentionToken(text, mention.label))
    .map((mention) => ({ mention, at: text.indexOf(`@${mention.label}`) }))
    .sort((a, b) => a.at - b.at)
    .map(({ mention }) => mention);
}

/** Takes every "@label" token (and one space after it) out of the text. */
export function removeMentionToken(text: string, label: string): string {
  const token = `@${label}`;
  let result = text;
  for (let at = result.indexOf(token); at !== -1; at = result.indexOf(token, at)) {
    const startsWord = at === 0 || /\s/.test(result[at - 1]);
    const end = at + token.length;
    if (startsWord && TOKEN_END.test(result.slice(end, end + 1))) {
      result = result.slice(0, at) + result.slice(result[end] === ' ' ? end + 1 : end);
    } else at += 1;
  }
  return result;
}

/** The folder part of a workspace-relative path, shown beside the file name ("" at the top). */
export function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

// The composer's part of the host <-> webview messages: structured prompts (text, @-mentions, images), the file
// picker, mode and config pickers, and the queue of prompts written while the agent works. Pure: both sides import
// it. Everything the webview sends is validated here (`parseComposerMessage`), with bounded sizes.
import { isRecord } from '../text/narrow';

/** 1-based, inclusive line numbers of a selection. */
export interface LineRange {
  start: number;
  end: number;
}

/** A file (or lines of it) the user mentioned with "@". `label` is what follows "@" in the text. */
export interface MentionRef {
  uri: string;
  label: string;
  range?: LineRange;
}

export interface ImageAttachment {
  mimeType: string;
  /** Base64, without a `data:` prefix. */
  data: string;
  name?: string;
}

/** What the composer sends: the text as typed, the mentions still present in it, attached images. */
export interface PromptParts {
  text: string;
  mentions: MentionRef[];
  images: ImageAttachment[];
}

export interface FileHit {
  uri: string;
  /** Relative to the workspace folder (with the folder name first when there are several). */
  path: string;
  name: string;
}

/** A queued prompt as the view shows it. */
export interface QueuedPromptView {
  id: string;
  text: string;
  mentions: number;
  images: number;
}

export interface PromptQueueView {
  items: QueuedPromptView[];
  /** After a cancelled or failed turn the queue waits for the user (resumeQueue). */
  paused: boolean;
}

export type ConfigValue = string | boolean;

export type ComposerHostMessage =
  | { type: 'fileResults'; requestId: number; files: FileHit[] }
  | { type: 'queue'; queue: PromptQueueView }
  | { type: 'addMention'; mention: MentionRef };

/** `promptId`: the composer's own number for it, named in the host's receipt (promptAccepted / promptRefused). */
export type PromptMessage = { type: 'prompt'; text: string; mentions?: MentionRef[]; images?: ImageAttachment[]; promptId?: number };

export type ComposerWebviewMessage =
  | { type: 'searchFiles'; requestId: number; query: string }
  | { type: 'setConfigOption'; configId: string; value: ConfigValue }
  | { type: 'setMode'; modeId: string }
  | { type: 'removeQueued'; id: string }
  | { type: 'resumeQueue' };

export const PROMPT_LIMITS = {
  textChars: 1_000_000,
  mentions: 50,
  uriChars: 4096,
  labelChars: 1024,
  images: 10,
  /** Decoded bytes per image. */
  imageBytes: 10 * 1024 * 1024,
  queryChars: 256,
  idChars: 256,
} as const;

export const IMAGE_MIME_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function boundedString(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length <= max;
}

function nonEmptyId(value: unknown): value is string {
  return boundedString(value, PROMPT_LIMITS.idChars) && value !== '';
}

/** Decoded size of a base64 string. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function parseRange(value: unknown): LineRange | undefined | null {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  const { start, end } = value;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if ((start as number) < 1 || (end as number) < (start as number)) return null;
  return { start: start as number, end: end as number };
}

export function parseMention(value: unknown): MentionRef | undefined {
  if (!isRecord(value)) return undefined;
  const { uri, label } = value;
  if (!boundedString(uri, PROMPT_LIMITS.uriChars) || !/^file:\/\//.test(uri)) return undefined;
  if (!boundedString(label, PROMPT_LIMITS.labelChars) || label.trim() === '' || /[\r\n]/.test(label)) return undefined;
  const range = parseRange(value.range);
  if (range === null) return undefined;
  return range ? { uri, label, range } : { uri, label };
}

export function parseImage(value: unknown): ImageAttachment | undefined {
  if (!isRecord(value)) return undefined;
  const { mimeType, data, name } = value;
  if (typeof mimeType !== 'string' || !IMAGE_MIME_TYPES.includes(mimeType)) return undefined;
  if (typeof data !== 'string' || data === '' || base64Bytes(data) > PROMPT_LIMITS.imageBytes) return undefined;
  if (data.length % 4 !== 0 || !BASE64.test(data)) return undefined;
  if (name !== undefined && !boundedString(name, PROMPT_LIMITS.labelChars)) return undefined;
  return name === undefined ? { mimeType, data } : { mimeType, data, name };
}

/** A list of at most `max` items that all parse; undefined when absent, null when any item is bad. */
function parseList<T>(value: unknown, max: number, item: (v: unknown) => T | undefined): T[] | undefined | null {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length > max) return null;
  const items: T[] = [];
  for (const raw of value) {
    const parsed = item(raw);
    if (parsed === undefined) return null;
    items.push(parsed);
  }
  return items;
}

/** The `prompt` message: the whole message is refused when any part is malformed or too big. */
export function parsePromptMessage(value: Record<string, unknown>): PromptMessage | undefined {
  if (!boundedString(value.text, PROMPT_LIMITS.textChars)) return undefined;
  const mentions = parseList(value.mentions, PROMPT_LIMITS.mentions, parseMention);
  const images = parseList(value.images, PROMPT_LIMITS.images, parseImage);
  if (mentions === null || images === null) return undefined;
  if (value.promptId !== undefined && !(Number.isSafeInteger(value.promptId) && (value.promptId as number) >= 0)) return undefined;
  const message: PromptMessage = { type: 'prompt', text: value.text };
  if (mentions) message.mentions = mentions;
  if (images) message.images = images;
  if (value.promptId !== undefined) message.promptId = value.promptId as number;
  return message;
}

/** The prompt message's parts, with absent lists as empty ones. */
export function promptPartsOf(message: PromptMessage): PromptParts {
  return { text: message.text, mentions: message.mentions ?? [], images: message.images ?? [] };
}

/** The composer's other messages; undefined when malformed or not one of them. */
export function parseComposerMessage(value: Record<string, unknown>): ComposerWebviewMessage | undefined {
  switch (value.type) {
    case 'searchFiles':
      return Number.isSafeInteger(value.requestId) && boundedString(value.query, PROMPT_LIMITS.queryChars)
        ? { type: 'searchFiles', requestId: value.requestId as number, query: value.query }
        : undefined;
    case 'setConfigOption': {
      const { configId, value: chosen } = value;
      if (!nonEmptyId(configId)) return undefined;
      if (typeof chosen === 'boolean' || boundedString(chosen, PROMPT_LIMITS.idChars)) {
        return { type: 'setConfigOption', configId, value: chosen };
      }
      return undefined;
    }
    case 'setMode':
      return nonEmptyId(value.modeId) ? { type: 'setMode', modeId: value.modeId } : undefined;
    case 'removeQueued':
      return nonEmptyId(value.id) ? { type: 'removeQueued', id: value.id } : undefined;
    case 'resumeQueue':
      return { type: 'resumeQueue' };
    default:
      return undefined;
  }
}

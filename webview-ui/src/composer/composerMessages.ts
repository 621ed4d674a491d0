// A shallow check of the composer's host messages before the stores see them (see hostMessage.ts).
import type { ComposerHostMessage } from '../../../src/shared/protocol/composerProtocol';
import type { StartingHostMessage } from '../../../src/shared/protocol/startingProtocol';

type StartingReceipt = Extract<StartingHostMessage, { type: 'promptAccepted' | 'promptRefused' }>;
import { isRecord } from '../../../src/shared/text/narrow';

function isFileHit(value: unknown): boolean {
  return isRecord(value) && typeof value.uri === 'string' && typeof value.path === 'string' && typeof value.name === 'string';
}

function isQueue(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.paused === 'boolean' &&
    Array.isArray(value.items) &&
    value.items.every((item) => isRecord(item) && typeof item.id === 'string' && typeof item.text === 'string')
  );
}

function isMention(value: unknown): boolean {
  return isRecord(value) && typeof value.uri === 'string' && typeof value.label === 'string';
}

export function asComposerHostMessage(value: Record<string, unknown>): ComposerHostMessage | StartingReceipt | undefined {
  switch (value.type) {
    case 'fileResults':
      return typeof value.requestId === 'number' && Array.isArray(value.files) && value.files.every(isFileHit)
        ? (value as unknown as ComposerHostMessage)
        : undefined;
    case 'queue':
      return isQueue(value.queue) ? (value as unknown as ComposerHostMessage) : undefined;
    case 'addMention':
      return isMention(value.mention) ? (value as unknown as ComposerHostMessage) : undefined;
    case 'promptAccepted':
      return Number.isSafeInteger(value.promptId) ? { type: 'promptAccepted', promptId: value.promptId as number } : undefined;
    case 'promptRefused':
      return Number.isSafeInteger(value.promptId) && typeof value.message === 'string'
        ? { type: 'promptRefused', promptId: value.promptId as number, message: value.message }
        : undefined;
    default:
      return undefined;
  }
}

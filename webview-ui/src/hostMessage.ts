// A shallow check of what arrives on `window.message` before the store sees it: enough that the store cannot
// crash on a malformed message. Whole entries come packed (src/shared/protocol/entryWire.ts) and are unpacked here. The host is our own extension, so this guards against bugs, not attackers.
import type { HostToWebview } from '../../src/shared/protocol/webviewProtocol';
import { asComposerHostMessage } from './composer/composerMessages';
import { asPermissionLevelMessage } from './policy/levelStore';
import { asSessionsHostMessage } from './sessions/sessionsStore';
import { asTerminalOutputMessage } from './terminals/terminalMessages';
import { isPackedDelta, isPackedEntry, unpackFromHost } from '../../src/shared/protocol/entryWire';
import { asChangesMessage } from '../../src/shared/protocol/changesProtocol';
import { asCheckpointHostMessage } from '../../src/shared/protocol/checkpointProtocol';
import { isRecord } from '../../src/shared/text/narrow';
import { parseTabBinding } from '../../src/shared/protocol/tabBinding';

function isEntryList(value: unknown): boolean {
  return Array.isArray(value) && value.every(isPackedEntry);
}

function isSnapshotSession(value: unknown): boolean {
  if (value === null) return true;
  return isRecord(value) && typeof value.sessionKey === 'string' && isRecord(value.header) && isEntryList(value.entries);
}

function isStartingView(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.agentId === 'string' &&
    typeof value.agentName === 'string' &&
    (value.state === 'starting' || value.state === 'failed') &&
    (value.prompt === undefined || (isRecord(value.prompt) && typeof value.prompt.text === 'string' && Array.isArray(value.prompt.mentions) && Array.isArray(value.prompt.images))) &&
    (value.failure === undefined || (isRecord(value.failure) && typeof value.failure.summary === 'string'))
  );
}

/** Returns the message when it has the shape of a `HostToWebview`, otherwise undefined. */
export function asHostMessage(value: unknown): HostToWebview | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case 'snapshot':
      return (value.agent === null || isRecord(value.agent)) && isSnapshotSession(value.session)
        ? unpackFromHost(value as unknown as HostToWebview)
        : undefined;
    case 'agent':
      return isRecord(value.agent) ? (value as unknown as HostToWebview) : undefined;
    case 'entries':
      return typeof value.sessionKey === 'string' &&
        (value.upserts === undefined || isEntryList(value.upserts)) &&
        (value.totalEntries === undefined || typeof value.totalEntries === 'number') &&
        (value.deltas === undefined || (Array.isArray(value.deltas) && value.deltas.every(isPackedDelta))) &&
        (value.header === undefined || isRecord(value.header))
        ? unpackFromHost(value as unknown as HostToWebview)
        : undefined;
    case 'header':
      return typeof value.sessionKey === 'string' && isRecord(value.header) ? (value as unknown as HostToWebview) : undefined;
    case 'olderEntries':
      return typeof value.sessionKey === 'string' && isEntryList(value.entries) && typeof value.totalEntries === 'number'
        ? unpackFromHost(value as unknown as HostToWebview)
        : undefined;
    case 'focusComposer':
      return { type: 'focusComposer' };
    case 'tabBinding': {
      const binding = parseTabBinding(value.binding);
      return binding || value.binding === null ? { type: 'tabBinding', binding: binding ?? null } : undefined;
    }
    case 'terminalOutput':
      return asTerminalOutputMessage(value);
    case 'permissionLevel':
      return asPermissionLevelMessage(value);
    case 'sessions':
    case 'history':
      return asSessionsHostMessage(value);
    case 'changes':
      return asChangesMessage(value);
    case 'headerStatus':
      return isRecord(value.status) && typeof value.status.state === 'string' && typeof value.status.label === 'string' &&
        (value.status.since === undefined || typeof value.status.since === 'number')
        ? (value as unknown as HostToWebview)
        : undefined;
    case 'starting':
      return value.starting === null || isStartingView(value.starting) ? (value as unknown as HostToWebview) : undefined;
    case 'checkpoints':
    case 'checkpointPlan':
      return asCheckpointHostMessage(value);
    default:
      return asComposerHostMessage(value);
  }
}

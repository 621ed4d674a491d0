// ACP protocol shapes: types only (no runtime) from the pinned SDK, plus the places where the spec says values
// are open and we must keep what we do not know (custom `_` kinds, future statuses, content types, option kinds).
import type * as sdk from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };

export type * from '@agentclientprotocol/sdk' with { 'resolution-mode': 'import' };

/** A string enum that may carry values newer or custom (`_`-prefixed) than the ones we know. */
export type Open<T extends string> = T | (string & {});

export type OpenToolKind = Open<sdk.ToolKind>;
export type OpenToolCallStatus = Open<sdk.ToolCallStatus>;
export type OpenPermissionOptionKind = Open<sdk.PermissionOptionKind>;
export type OpenStopReason = Open<sdk.StopReason>;

/** Tool call content as it came: one of the known variants, or an unknown `type` kept whole. */
export type OpenToolCallContent = sdk.ToolCallContent | { type: string; [key: string]: unknown };

export interface OpenPermissionOption {
  optionId: string;
  name: string;
  kind: OpenPermissionOptionKind;
  [key: string]: unknown;
}

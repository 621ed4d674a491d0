// The quick permission levels (`acp.permissions.level`), shared by the host and the chat panel's toggle. Pure.
export const POLICY_LEVELS = ['ask', 'allowReads', 'allowWorkspaceEdits'] as const;
export type PolicyLevel = (typeof POLICY_LEVELS)[number];

export const LEVEL_LABELS: Record<PolicyLevel, string> = {
  ask: 'Ask for everything',
  allowReads: 'Allow reads in the workspace',
  allowWorkspaceEdits: 'Allow reads and edits in the workspace',
};

export function isPolicyLevel(value: unknown): value is PolicyLevel {
  return typeof value === 'string' && (POLICY_LEVELS as readonly string[]).includes(value);
}

/** What the panel's toggle shows: the level in force, and the user's choice when a workspace lowers it. */
export interface PermissionLevelMessage {
  type: 'permissionLevel';
  level: PolicyLevel;
  chosen: PolicyLevel;
}

// How a permission option button looks: allow_* primary, reject_* secondary, anything else neutral.
export type PermissionTone = 'primary' | 'secondary' | 'neutral';

export function permissionTone(kind: string): PermissionTone {
  if (kind.startsWith('allow_')) return 'primary';
  if (kind.startsWith('reject_')) return 'secondary';
  return 'neutral';
}

// How a permission option button looks: "Allow once" is the primary action (the safe yes), "Allow always" and the
// rejections secondary (an "always" should be a deliberate choice, not the default-looking one), anything else
// neutral. Unknown `allow_*` kinds are drawn as secondary: their scope is not known.
export type PermissionTone = 'primary' | 'secondary' | 'neutral';

export function permissionTone(kind: string): PermissionTone {
  if (kind === 'allow_once') return 'primary';
  if (kind.startsWith('allow_') || kind.startsWith('reject_')) return 'secondary';
  return 'neutral';
}

// A codicon, decorative (the text next to it carries the meaning).
interface IconProps {
  /** A codicon name from our own tables, never agent data. */
  name: string;
  spin?: boolean;
}

export function Icon({ name, spin = false }: IconProps) {
  return <span class={`codicon codicon-${name}${spin ? ' codicon-modifier-spin' : ''}`} aria-hidden="true" />;
}

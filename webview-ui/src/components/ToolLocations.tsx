// The files (and lines) a tool call touches, as links that open them in the editor.
import type { ToolCallLocation } from '../../../src/shared/acp';
import { Icon } from '../ui/Icon';
import { LocationLink } from './LocationLink';

export function ToolLocations({ locations }: { locations: readonly ToolCallLocation[] }) {
  const valid = locations.filter((location) => typeof location?.path === 'string' && location.path !== '');
  if (valid.length === 0) return null;
  return (
    <ul class="tool-locations" aria-label="Locations">
      {valid.map((location, i) => (
        <li key={i} class="tool-locations__item">
          <Icon name="location" />
          <LocationLink path={location.path} line={location.line} />
        </li>
      ))}
    </ul>
  );
}

// A file (and line) the agent touched, as a link-looking button: the host opens the file and reveals the line.
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { useHost } from '../hostContext';
import { VisibleText } from '../ui/VisibleText';

interface LocationLinkProps {
  path: string;
  /** 1-based; 0 or none opens at the top. */
  line?: number | null;
  class?: string;
}

/** "src/app.ts:12" from "/work/src/app.ts" and 12: the file name, the line when there is one. */
export function locationLabel(path: string, line?: number | null): string {
  const name = path.split(/[\\/]/).filter(Boolean).pop() ?? path;
  return typeof line === 'number' && line > 0 ? `${name}:${line}` : name;
}

export function LocationLink({ path, line, class: className }: LocationLinkProps) {
  const host = useHost();
  const label = locationLabel(path, line);
  const at = typeof line === 'number' && Number.isSafeInteger(line) && line >= 0 ? line : undefined;
  return (
    <button
      type="button"
      class={`link-button location-link${className ? ` ${className}` : ''}`}
      title={withVisibleMarkers(at ? `Open ${path}:${at}` : `Open ${path}`)}
      data-action="open-location"
      data-location-path={path}
      onClick={() => host.post(at === undefined ? { type: 'openLocation', path } : { type: 'openLocation', path, line: at })}
    >
      <VisibleText text={label} />
    </button>
  );
}

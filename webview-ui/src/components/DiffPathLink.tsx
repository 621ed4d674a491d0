// A diff's file in its header, as a link-looking button that opens it: the folder, cut from its start when the card is
// narrow ("…/components/settings/"), then the file name, never cut (at 300 px the name stays readable rather than
// squeezed to a letter).
import { withVisibleMarkers } from '../../../src/shared/text/visibleText';
import { useHost } from '../hostContext';
import { VisibleText } from '../ui/VisibleText';

/** How many of the innermost folders the label names (the whole path is in the tooltip). */
const FOLDERS_SHOWN = 2;

/**
 * "/w/src/ui/a.ts" → ["…/src/ui/", "a.ts"]: the innermost folders (an ellipsis for the rest) and the file name; a
 * bare name has no folder.
 */
export function splitFilePath(path: string): [folder: string, name: string] {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0 || cut === path.length - 1) return ['', path];
  const separator = path[cut];
  const folders = path.slice(0, cut).split(/[\\/]/);
  const shown = folders.length > FOLDERS_SHOWN + 1 ? ['…', ...folders.slice(-FOLDERS_SHOWN)] : folders;
  return [`${shown.join(separator)}${separator}`, path.slice(cut + 1)];
}

export function DiffPathLink({ path }: { path: string }) {
  const host = useHost();
  const [folder, name] = splitFilePath(path);
  return (
    <button
      type="button"
      class="link-button location-link tool-diff__path"
      title={withVisibleMarkers(`Open ${path}`)}
      data-action="open-location"
      data-location-path={path}
      onClick={() => host.post({ type: 'openLocation', path })}
    >
      {folder ? (
        <span class="tool-diff__dir">
          <VisibleText text={folder} />
        </span>
      ) : null}
      <span class="tool-diff__file">
        <VisibleText text={name} />
      </span>
    </button>
  );
}

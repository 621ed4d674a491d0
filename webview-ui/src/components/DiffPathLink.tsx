// A diff's file in its header, as a link-looking button that opens it: the folder, cut from its start when the card is
// narrow ("…/components/settings/"), then the file name, never cut (at 300 px the name stays readable rather than
// squeezed to a letter).
import { withVisibleMarkers } from '../../../src/shared/visibleText';
import { useHost } from '../hostContext';
import { VisibleText } from '../ui/VisibleText';

/** "/w/src/a.ts" → ["/w/src/", "a.ts"]; a bare name has no folder. */
export function splitFilePath(path: string): [folder: string, name: string] {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 || cut === path.length - 1 ? ['', path] : [path.slice(0, cut + 1), path.slice(cut + 1)];
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

// How to get a missing agent command: plain words, and the command line that installs it (when one does) with Copy
// and Run in terminal. The host runs only the install command it knows for the agent's command (the presets), never
// text from the view.
import type { MissingCommand } from '../../../src/shared/protocol/webviewProtocol';
import { useHost } from '../hostContext';
import { Icon } from '../ui/Icon';

export function InstallHint({ missing }: { missing: MissingCommand }) {
  const host = useHost();
  const line = missing.installCommand;
  return (
    <div class="install-hint" data-missing-command={missing.command}>
      {missing.install ? <div class="install-hint__words">{missing.install}</div> : null}
      {line ? (
        <div class="install-hint__command">
          <code class="install-hint__line" data-install-command>
            {line}
          </code>
          <div class="install-hint__actions">
            <button type="button" class="button button--secondary" data-action="copy-install" onClick={() => host.post({ type: 'copyText', text: line })}>
              <Icon name="copy" />
              <span>Copy</span>
            </button>
            <button type="button" class="button button--secondary" data-action="run-install" onClick={() => host.post({ type: 'runInstallCommand' })}>
              <Icon name="terminal" />
              <span>Run in terminal</span>
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

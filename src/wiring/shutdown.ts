// Stopping everything the extension started, once, within the time VS Code gives `deactivate()`.
import type { ProcessWatchdog } from '../acp/processWatchdog';
import { disposeSessionParts, SessionParts } from '../chat/sessionParts';
import type { ClientServicesHandle } from '../clientServices';
import type { SessionHistory } from '../history/vscode/sessionHistory';
import { removeSpills } from '../session/transcriptSpill';

/** How long `deactivate()` may take (VS Code allows about 5 s); whatever still runs then is left to the watchdog. */
const SHUTDOWN_CAP_MS = 4000;

export interface ShutdownDeps {
  history: SessionHistory;
  parts: SessionParts;
  clientServices: ClientServicesHandle;
  watchdog: ProcessWatchdog;
  warn(line: string): void;
}

/** Stops every agent and terminal command (bounded, see SHUTDOWN_CAP_MS); later calls get the same promise. */
export function shutdown(deps: ShutdownDeps): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_CAP_MS)));
      // The window is going, not the user closing sessions: the history stops listening first, so the sessions open
      // now stay recorded as open and come back in the next window.
      deps.history.dispose();
      const stopped = Promise.all([disposeSessionParts(deps.parts), deps.clientServices.stopProcesses()]).then(
        () => undefined,
        (error: unknown) => deps.warn(`stopping the agents failed: ${String(error)}`),
      );
      await Promise.race([stopped, cap]);
      clearTimeout(timer);
      // Its pipe closes: it ends whatever is still registered (nothing, unless the cap was reached) and exits.
      deps.watchdog.dispose();
      // Then the spill files of this window's sessions (cut messages, dropped entries) go too.
      await removeSpills({ stale: false, own: true });
    })();
    return stopping;
  };
}

// The chat webview's entry: styles, the store fed by host messages, the app, then `ready` to the host.
import '@vscode/codicons/dist/codicon.css';
import './styles/base.css';
import './styles/header.css';
import './styles/transcript.css';
import './styles/markdown.css';
import './styles/toolCall.css';
import './styles/plan.css';
import './styles/composer.css';
import './styles/composerPopup.css';
import './styles/permission.css';
import './styles/visibleText.css';
import './styles/terminal.css';
import './styles/elicitation.css';
import './styles/sessions.css';
import './styles/changes.css';
import './styles/failures.css';
import './styles/checkpoints.css';
import './styles/subagents.css';
import { render } from 'preact';
import { paceRendering } from './renderPacing';
import { App } from './components/App';
import { ComposerContext } from './composer/composerContext';
import { ComposerStore } from './composer/composerStore';
import { HostContext } from './hostContext';
import { TerminalContext } from './terminals/terminalContext';
import { TerminalStore } from './terminals/terminalStore';
import { asHostMessage } from './hostMessage';
import { PermissionLevelContext } from './policy/PermissionLevelPicker';
import { PermissionLevelStore } from './policy/levelStore';
import { ChatStore } from './store';
import { SessionsContext } from './sessions/sessionsContext';
import { SessionsStore } from './sessions/sessionsStore';
import { focusComposer } from './ui/composerFocus';
import { connectToHost } from './vscodeApi';
import { acknowledgePosts } from './postAcks';
import { ChangesContext } from './changes/changesContext';
import { ChangesStore } from './changes/changesStore';
import { CheckpointContext } from './checkpoints/checkpointContext';
import { CheckpointStore } from './checkpoints/checkpointStore';

import type { TabBinding } from '../../src/shared/protocol/tabBinding';

const host = connectToHost();
// A delta that does not apply (the view missed a change): the host sends the entry whole.
const store = new ChatStore(undefined, (sessionKey, entryId) => host.post({ type: 'resendEntry', sessionKey, entryId }));
const composerStore = new ComposerStore();
const terminalStore = new TerminalStore();
const levelStore = new PermissionLevelStore();
const sessionsStore = new SessionsStore();
const changesStore = new ChangesStore();
const checkpointStore = new CheckpointStore();
/** A chat tab keeps its conversation in the view state, so the tab comes back bound to it after a reload. */
function keepTabBinding(binding: TabBinding | undefined): void {
  const { tab: _previous, ...rest } = host.getViewState();
  host.setViewState(binding ? { ...rest, tab: binding } : rest);
}
const acknowledge = acknowledgePosts((message) => host.post(message), (run) => requestAnimationFrame(run));

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = asHostMessage(event.data);
  if (message?.type === 'focusComposer') focusComposer();
  else if (message?.type === 'tabBinding') keepTabBinding(message.binding ?? undefined);
  else if (message) {
    store.apply(message);
    composerStore.apply(message);
    terminalStore.apply(message);
    levelStore.apply(message);
    sessionsStore.apply(message);
    changesStore.apply(message);
    checkpointStore.apply(message);
    acknowledge(message);
  }
});

paceRendering();
const root = document.getElementById('root') ?? document.body;
render(
  <HostContext.Provider value={host}>
    <ComposerContext.Provider value={composerStore}>
      <TerminalContext.Provider value={terminalStore}>
        <PermissionLevelContext.Provider value={levelStore}>
          <SessionsContext.Provider value={sessionsStore}>
            <ChangesContext.Provider value={changesStore}>
              <CheckpointContext.Provider value={checkpointStore}>
                <App store={store} />
              </CheckpointContext.Provider>
            </ChangesContext.Provider>
          </SessionsContext.Provider>
        </PermissionLevelContext.Provider>
      </TerminalContext.Provider>
    </ComposerContext.Provider>
  </HostContext.Provider>,
  root,
);
host.post({ type: 'ready' });

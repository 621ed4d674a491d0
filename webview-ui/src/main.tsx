// The chat webview's entry: styles, the store fed by host messages, the app, then `ready` to the host.
import '@vscode/codicons/dist/codicon.css';
import './styles/base.css';
import './styles/header.css';
import './styles/transcript.css';
import './styles/toolCall.css';
import './styles/plan.css';
import './styles/composer.css';
import { render } from 'preact';
import { App } from './components/App';
import { HostContext } from './hostContext';
import { asHostMessage } from './hostMessage';
import { ChatStore } from './store';
import { connectToHost } from './vscodeApi';

const host = connectToHost();
const store = new ChatStore();

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = asHostMessage(event.data);
  if (message) store.apply(message);
});

const root = document.getElementById('root') ?? document.body;
render(
  <HostContext.Provider value={host}>
    <App store={store} />
  </HostContext.Provider>,
  root,
);
host.post({ type: 'ready' });

// The one place that touches `acquireVsCodeApi` (it may be called only once per page): typed posting to the host
// and the view state kept across hide/reload. Outside VS Code (a plain browser) it falls back to a console stub.
import type { WebviewToHost } from '../../src/shared/protocol/webviewProtocol';
import { parseViewState, type ViewState } from './viewState';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): unknown;
}

export interface HostBridge {
  post(message: WebviewToHost): void;
  getViewState(): ViewState;
  setViewState(state: ViewState): void;
}

export function connectToHost(): HostBridge {
  const acquire = (globalThis as { acquireVsCodeApi?: () => VsCodeApi }).acquireVsCodeApi;
  const api: VsCodeApi = acquire
    ? acquire()
    : {
        postMessage: (message) => console.info('[acp] post (no VS Code host)', message),
        getState: () => undefined,
        setState: (state) => state,
      };
  return {
    post: (message) => api.postMessage(message),
    getViewState: () => parseViewState(api.getState()),
    setViewState: (state) => {
      api.setState(state);
    },
  };
}

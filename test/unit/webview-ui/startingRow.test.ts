// The start row and the header status, rendered with the real components: a start that runs long says the agent is
// still starting, with Restart agent and Show agent log; the header draws the host's words.
import assert from 'node:assert/strict';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { StartingView } from '../../../src/shared/protocol/startingProtocol';
import { ComposerContext } from '../../../webview-ui/src/composer/composerContext';
import { ComposerStore } from '../../../webview-ui/src/composer/composerStore';
import { HeaderStatus } from '../../../webview-ui/src/components/HeaderStatus';
import { StartingRow } from '../../../webview-ui/src/components/StartingRow';
import { HostContext } from '../../../webview-ui/src/hostContext';
import type { HostBridge } from '../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../webview-ui/src/viewState';

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };

function render<P>(node: VNode<P>): string {
  return renderToString(h(HostContext.Provider, { value: host }, h(ComposerContext.Provider, { value: new ComposerStore() }, node)));
}

const starting: StartingView = { agentId: 'stuck', agentName: 'Stuck Agent', state: 'starting', prompt: { text: 'hello', mentions: [], images: [] } };

describe('a start that runs long', () => {
  it('says nothing more while it is not slow', () => {
    const html = render(h(StartingRow, { starting }));
    assert.match(html, /Starting Stuck Agent…/);
    assert.doesNotMatch(html, /data-still-starting/);
  });

  it('says the agent is still starting, with Restart agent and Show agent log', () => {
    const html = render(h(StartingRow, { starting: { ...starting, slow: true } }));
    assert.match(html, /data-still-starting/);
    assert.match(html, /Stuck Agent is still starting\. If it seems stuck, restart it, or see its log for what it is doing\./);
    assert.match(html, /data-action="restart-agent"[^>]*>.*Restart agent/s);
    assert.match(html, /data-action="show-agent-log"/);
  });
});

describe('the header status', () => {
  it("draws the host's words with the agent's own status kept for whoever waits on it", () => {
    const html = render(h(HeaderStatus, { agentStatus: 'ready', status: { state: 'noSession', label: 'No session' } }));
    assert.match(html, /data-agent-status="ready"/);
    assert.match(html, /data-header-state="noSession"/);
    assert.match(html, />No session</);
    assert.doesNotMatch(html, /Ready/);
    assert.doesNotMatch(html, /data-turn-phase/);
  });

  it('marks the turn phase of Not stopping', () => {
    const html = render(h(HeaderStatus, { agentStatus: 'ready', status: { state: 'notStopping', label: 'Not stopping' } }));
    assert.match(html, /data-turn-phase="notStopping"/);
    assert.match(html, />Not stopping</);
  });
});

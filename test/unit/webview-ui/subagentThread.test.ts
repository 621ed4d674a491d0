// A subagent's thread drawn by the real components: a message of the child cut at its cap asks for its full text
// under the child's key (the child's entry ids may name the parent's entries too).
import assert from 'node:assert/strict';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import type { SubagentEntry } from '../../../src/shared/transcript/subagentModel';
import { childEntryKey } from '../../../src/shared/transcript/subagentModel';
import { EntryItem } from '../../../webview-ui/src/components/EntryItem';
import { HostContext } from '../../../webview-ui/src/hostContext';
import type { HostBridge } from '../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../webview-ui/src/viewState';

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };

describe("a subagent's thread", () => {
  it("a child's cut message opens its full text under the child's key; the parent's under its own id", () => {
    const cut = { keptChars: 10, totalChars: 20 };
    const message: TranscriptEntry = { kind: 'agent', id: 'e1', rev: 1, content: [{ type: 'text', text: 'kkkkkkkkkk' }], cut };
    const row: SubagentEntry = { kind: 'subagent', id: 's:kid', rev: 1, childSessionId: 'kid', extra: {}, entries: [message], waiting: 0, state: { state: 'running', extra: {} } };
    const thread = renderToString(h(HostContext.Provider, { value: host }, h(EntryItem, { entry: row, active: false })));
    assert.match(thread, new RegExp(`data-message-key="${childEntryKey('kid', 'e1')}"`));
    const own = renderToString(h(HostContext.Provider, { value: host }, h(EntryItem, { entry: message, active: false })));
    assert.match(own, /data-message-key="e1"/);
  });
});

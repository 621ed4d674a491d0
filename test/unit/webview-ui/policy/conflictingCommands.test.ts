// Issue 25, item 5: a permission prompt whose tool call names several commands that disagree shows every one of them
// (rendered with the real components).
import assert from 'node:assert/strict';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { EntryItem } from '../../../../webview-ui/src/components/EntryItem';
import { HostContext } from '../../../../webview-ui/src/hostContext';
import type { HostBridge } from '../../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../../webview-ui/src/viewState';
import { toolCall } from '../fixtures';

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };
const options = [
  { optionId: 'a', name: 'Allow', kind: 'allow_once' },
  { optionId: 'r', name: 'Reject', kind: 'reject_once' },
];

function renderAsking(conflictingCommands?: string[]): string {
  const entry = toolCall('t1', 1, {
    title: 'git status',
    toolKind: 'execute',
    rawInput: { command: 'git status', cmd: 'rm -rf x' },
    permission: { requestKey: 'p1', options, ...(conflictingCommands ? { conflictingCommands } : {}) },
  });
  return renderToString(h(HostContext.Provider, { value: host }, h(EntryItem, { entry, active: false })));
}

describe('permission prompt: commands that disagree', () => {
  it('lists every command the host found, with a warning', () => {
    const html = renderAsking(['git status', 'rm -rf x']);
    assert.match(html, /data-permission-commands/);
    assert.match(html, /names 2 different commands, and which one the agent runs is not known/);
    assert.match(html, /<code><bdi[^>]*>git status<\/bdi><\/code>/);
    assert.match(html, /<code><bdi[^>]*>rm -rf x<\/bdi><\/code>/);
  });

  it('shows no list when the fields agree', () => {
    assert.doesNotMatch(renderAsking(), /data-permission-commands/);
  });
});

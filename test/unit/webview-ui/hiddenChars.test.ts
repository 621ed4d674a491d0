// Invisible and direction-changing characters in what the agent names are drawn as marked code points, never applied:
// rendered with the real components, the HTML holds the marker and not the character (text and attributes alike).
import assert from 'node:assert/strict';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { TranscriptEntry } from '../../../src/shared/transcript/model';
import { EntryItem } from '../../../webview-ui/src/components/EntryItem';
import { Header } from '../../../webview-ui/src/components/Header';
import { clearDisclosureChoices, setDisclosureChoice } from '../../../webview-ui/src/disclosure';
import { HostContext } from '../../../webview-ui/src/hostContext';
import { SessionRow } from '../../../webview-ui/src/sessions/SessionRow';
import type { HostBridge } from '../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../webview-ui/src/viewState';
import { readyAgent, toolCall } from './fixtures';
import type { SessionKey } from '../../../src/shared/sessionKey';

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };
const RLO = '\u202E';
const ZWSP = '\u200B';

function render<P>(node: VNode<P>): string {
  return renderToString(h(HostContext.Provider, { value: host }, node));
}

/** What is shown (text, tooltips, labels): the HTML without data-* attributes, which only carry values as sent. */
function shown(html: string): string {
  return html.replace(/ data-[a-z-]+="[^"]*"/g, '');
}

function assertMarked(html: string, where: string): void {
  assert.ok(!shown(html).includes(RLO) && !shown(html).includes(ZWSP), `${where}: a hidden character reached what is shown`);
  assert.match(html, /data-hidden-char="U\+202E"/, `${where}: the override is not marked`);
}

describe('hidden characters in what the agent names', () => {
  afterEach(() => clearDisclosureChoices());

  it('a tool call asking permission: title, location, raw input, option names; the prompt warns', () => {
    const entry = toolCall('t1', 1, {
      title: `Open invoice_${RLO}fdp.exe`,
      locations: [{ path: `/w/invoice_${RLO}fdp.exe` }],
      rawInput: { command: `open invoice_${RLO}fdp.exe${ZWSP}` },
      permission: {
        requestKey: 'p1',
        options: [
          { optionId: 'a', name: `Re${ZWSP}ject${RLO}`, kind: 'allow_always' },
          { optionId: 'b', name: 'Reject', kind: 'reject_once' },
        ],
      },
    });
    setDisclosureChoice('t1:raw-input', true);
    const html = render(h(EntryItem, { entry, active: false }));
    assertMarked(html, 'tool call');
    assert.match(html, /data-hidden-char="U\+200B"/);
    assert.match(html, /data-permission-warning/);
    assert.match(html, /shown as ⟨U\+202E⟩, ⟨U\+200B⟩/);
    assert.match(html, /title="[^"]*Open invoice_⟨U\+202E⟩fdp\.exe"/, 'the tooltip is marked too');
    assert.doesNotMatch(html, /title="[^"]*\u202E/, 'no tooltip holds the override itself');
    assert.match(html, /Allow always<\/bdi>/);
  });

  it('a prompt with plain text has no warning', () => {
    const entry = toolCall('t2', 1, { permission: { requestKey: 'p2', options: [{ optionId: 'a', name: 'Allow', kind: 'allow_once' }] } });
    assert.doesNotMatch(render(h(EntryItem, { entry, active: false })), /data-permission-warning|hidden-char/);
  });

  it('an elicitation\'s web address', () => {
    const entry: TranscriptEntry = {
      kind: 'elicitation',
      id: 'e1',
      rev: 1,
      requestKey: 'k',
      message: 'Sign in',
      request: { mode: 'url', url: `https://example.com/${RLO}gpj.exe`, elicitationId: 'x' },
    };
    assertMarked(render(h(EntryItem, { entry, active: false })), 'elicitation');
  });

  it('session titles in the header and the session switcher', () => {
    assertMarked(render(h(Header, { agent: readyAgent, header: { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [], title: `Fix ${RLO}gub` }, status: { state: 'ready', label: 'Ready' } })), 'header');
    const row = { key: 's1' as SessionKey, agentId: 'a', agentName: 'Agent', title: `Fix ${RLO}gub`, cwd: '/w', activity: 'idle' as const };
    assertMarked(render(h(SessionRow, { row, current: false, multiRoot: false, onChoose: () => undefined, onClose: () => undefined })), 'session row');
  });
});

// The XSS corpus (test/fixtures/xss-corpus.json) in every place the chat draws agent data, rendered to HTML with
// the real components: everything must come out inert. The e2e test "the XSS corpus renders inert" does the same
// in the real webview, from the scenario panel-xss.json, which must hold every payload of the corpus.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { NoticeSeverity, TranscriptEntry } from '../../../src/shared/transcript/model';
import { classifyLink } from '../../../src/shared/text/links';
import { EntryItem } from '../../../webview-ui/src/components/EntryItem';
import { Header } from '../../../webview-ui/src/components/Header';
import { Plan } from '../../../webview-ui/src/components/Plan';
import { clearDisclosureChoices, setDisclosureChoice } from '../../../webview-ui/src/disclosure';
import { HostContext } from '../../../webview-ui/src/hostContext';
import type { HostBridge } from '../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../webview-ui/src/viewState';

const repo = path.resolve(__dirname, '../../../..');
const corpus = JSON.parse(fs.readFileSync(path.join(repo, 'test/fixtures/xss-corpus.json'), 'utf8')) as string[];

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };

function render<P>(node: VNode<P>): string {
  return renderToString(h(HostContext.Provider, { value: host }, node));
}

/** Opens every fold an entry can have, so that everything it holds is rendered. */
function openEverything(entryId: string): void {
  for (const suffix of ['card', 'thought', 'raw-input', 'raw-output', 'detail']) setDisclosureChoice(`${entryId}:${suffix}`, true);
  for (let i = 0; i < 12; i++) {
    setDisclosureChoice(`${entryId}:${i}`, true);
    setDisclosureChoice(`${entryId}:other:${i}`, true);
    for (let j = 0; j < 4; j++) setDisclosureChoice(`${entryId}:content:${i}:${j}`, true);
  }
}

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/**
 * The start tags of rendered HTML. In renderToString's output every "<" starts a tag (a "<" in text or in an
 * attribute value is written "&lt;") and attribute values are double-quoted (a quote inside is "&quot;").
 */
function startTags(html: string): Tag[] {
  const tags: Tag[] = [];
  for (let at = html.indexOf('<'); at >= 0; at = html.indexOf('<', at + 1)) {
    if (html[at + 1] === '/') continue;
    const name = /^<([a-zA-Z][\w:-]*)/.exec(html.slice(at, at + 40))?.[1];
    assert.ok(name, `not a tag at ${html.slice(at, at + 40)}`);
    const attributes = new Map<string, string>();
    const attribute = /\s+([^\s=>/"]+)(?:="([^"]*)")?|\s*\/?>/y;
    attribute.lastIndex = at + 1 + name.length;
    for (let match = attribute.exec(html); match && match[1] !== undefined; match = attribute.exec(html)) {
      attributes.set(match[1].toLowerCase(), decodeAttribute(match[2] ?? ''));
    }
    tags.push({ name: name.toLowerCase(), attributes });
  }
  return tags;
}

const LIVE_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'style', 'svg', 'math', 'form', 'base', 'meta', 'link', 'frame', 'frameset', 'applet', 'template', 'details']);
const LIVE_ATTRIBUTES = new Set(['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'background', 'dynsrc', 'lowsrc']);

/** Everything that would make markup live: asserted absent from rendered HTML. */
function assertInert(html: string, where: string): void {
  for (const { name, attributes } of startTags(html)) {
    assert.ok(!LIVE_ELEMENTS.has(name), `${where}: a <${name}> element`);
    for (const [attribute, value] of attributes) {
      assert.ok(!attribute.startsWith('on'), `${where}: an event handler attribute ${attribute} on <${name}>`);
      assert.ok(!LIVE_ATTRIBUTES.has(attribute), `${where}: a ${attribute} attribute on <${name}>`);
      if (attribute === 'href') assert.ok(classifyLink(value), `${where}: a link to ${value}`);
      if (attribute === 'src') assert.match(value, /^data:image\/(png|jpeg|gif|webp);base64,/, `${where}: an image from ${value.slice(0, 60)}`);
    }
  }
}

describe('XSS corpus: agent data renders inert', () => {
  afterEach(() => clearDisclosureChoices());

  it('the scenario panel-xss.json holds every payload of the corpus', () => {
    const scenario = fs.readFileSync(path.join(repo, 'test/fixtures/scenarios/panel-xss.json'), 'utf8');
    for (const payload of corpus) assert.ok(scenario.includes(JSON.stringify(payload).slice(1, -1)), `missing: ${payload}`);
  });

  it('in agent messages and thoughts (markdown)', () => {
    const text = corpus.join('\n\n');
    const agent: TranscriptEntry = { kind: 'agent', id: 'a1', rev: 1, content: [{ type: 'text', text }] };
    const thought: TranscriptEntry = { kind: 'thought', id: 'th1', rev: 1, content: [{ type: 'text', text }], startedAt: 0, updatedAt: 2000 };
    openEverything('a1');
    openEverything('th1');
    for (const [entry, active] of [[agent, false], [agent, true], [thought, false]] as const) {
      const html = render(h(EntryItem, { entry, active }));
      assertInert(html, `${entry.kind}${active ? ' (streaming)' : ''}`);
      assert.ok(html.includes('&lt;script>window.__xss'), 'the script tag is shown as text');
      assert.ok(html.includes('data-code-lang="html"'), 'the fenced block is a code block');
    }
  });

  it('in tool calls: titles, kinds, statuses, locations, content, diffs, resources, raw input and output', () => {
    corpus.forEach((payload, i) => {
      const entry: TranscriptEntry = {
        kind: 'tool_call',
        id: `t${i}`,
        rev: 1,
        toolCallId: payload,
        title: payload,
        toolKind: payload,
        status: i % 2 ? payload : 'completed',
        locations: [{ path: payload, line: 3 }],
        content: [
          { type: 'content', content: { type: 'text', text: payload } },
          { type: 'diff', path: payload, oldText: payload, newText: `${payload}\nmore` },
          { type: 'content', content: { type: 'resource_link', uri: payload, name: payload } },
          { type: 'content', content: { type: 'resource_link', uri: 'javascript:alert(1)', name: 'x' } },
          { type: 'content', content: { type: 'resource', resource: { uri: payload, text: payload } } },
          { type: 'content', content: { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' } },
          { type: 'content', content: { type: 'image', mimeType: 'image/png', data: `x" onerror="${payload}` } },
          { type: payload, value: payload },
        ],
        rawInput: payload,
        rawOutput: { payload },
        permission: { requestKey: payload, options: [{ optionId: payload, name: payload, kind: payload }] },
        extra: {},
      };
      openEverything(entry.id);
      assertInert(render(h(EntryItem, { entry, active: false })), `tool call ${i}`);
    });
  });

  it('in notices, the plan and the header', () => {
    corpus.forEach((payload, i) => {
      const notice: TranscriptEntry = { kind: 'notice', id: `n${i}`, rev: 1, severity: (i % 2 ? 'error' : payload) as NoticeSeverity, text: payload, detail: payload };
      openEverything(notice.id);
      assertInert(render(h(EntryItem, { entry: notice, active: false })), `notice ${i}`);
    });
    const items = corpus.map((payload) => ({ content: payload, priority: payload, status: payload }));
    assertInert(render(h(Plan, { items, running: true })), 'plan');
    const agent = { id: corpus[1], name: corpus[0], status: 'failed' as const, message: corpus[2] };
    assertInert(render(h(Header, { agent, header: { turn: 'idle', plan: [], availableCommands: [], availableModes: [], configOptions: [], title: corpus[3], usage: { used: 1, size: 2, cost: { amount: 1, currency: corpus[4] } } }, status: { state: 'failed', label: 'Failed' } })), 'header');
  });

  it('the checks themselves catch live markup (so a pass means something)', () => {
    assert.throws(() => assertInert('<p><img src="x" onerror="a()"></p>', 'probe'));
    assert.throws(() => assertInert('<a href="javascript:alert(1)">x</a>', 'probe'));
    assert.throws(() => assertInert('<div><script>x</script></div>', 'probe'));
    assert.throws(() => assertInert('<div style="color:red">x</div>', 'probe'));
  });
});

import * as assert from 'node:assert/strict';
import { diffSummary, transcriptToMarkdown } from '../../../src/shared/transcript/transcriptExport';
import { addNotice, addUserMessage, applySessionUpdate, createSessionState, setTurnState } from '../../../src/shared/transcript/reducer';
import type { SessionState } from '../../../src/shared/transcript/model';

function sample(): SessionState {
  const state = createSessionState('sess-1');
  const apply = (update: Record<string, unknown>) => applySessionUpdate(state, update, 0, () => undefined);
  addUserMessage(state, [
    { type: 'text', text: 'fix @a.ts' },
    { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
  ]);
  setTurnState(state, 'running');
  apply({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Look first.\nThen edit.' } });
  apply({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'I will **fix** it.' } });
  apply({
    sessionUpdate: 'tool_call',
    toolCallId: 't1',
    title: 'Edit a.ts',
    kind: 'edit',
    status: 'completed',
    locations: [{ path: '/w/a.ts', line: 3 }],
    content: [
      { type: 'diff', path: '/w/a.ts', oldText: 'one\ntwo\nthree\n', newText: 'one\n2\nthree\nfour\n' },
      { type: 'diff', path: '/w/new.ts', oldText: null, newText: 'x\ny\n' },
      { type: 'content', content: { type: 'text', text: 'has ``` inside' } },
    ],
  });
  apply({ sessionUpdate: 'plan', entries: [
    { content: 'Read', priority: 'high', status: 'completed' },
    { content: 'Edit', priority: 'high', status: 'in_progress' },
    { content: 'Test', priority: 'low', status: 'pending' },
  ] });
  addNotice(state, 'error', 'The agent answered with an error.', 'boom');
  return state;
}

describe('transcript export (Markdown)', () => {
  it('writes messages, thoughts, tool calls with status, locations and diff summaries, notices and the plan, in order', () => {
    const markdown = transcriptToMarkdown(sample(), { agentName: 'Demo', exportedAt: '2025-01-02T03:04:05Z' });
    const expected = [
      '# ACP session',
      'Agent: Demo · Session: `sess-1` · Exported: 2025-01-02T03:04:05Z',
      '## User\n\nfix @a.ts\n\n[a.ts](<file:///w/a.ts>)',
      '### Thought\n\n> Look first.\n> Then edit.',
      '## Agent\n\nI will **fix** it.',
      '### Tool call: Edit a.ts\n\n- Kind: edit · Status: completed\n- Location: `/w/a.ts:3`',
      '- Diff `/w/a.ts`: +2 −1',
      '- Diff `/w/new.ts`: new file, 2 lines',
      '````\nhas ``` inside\n````',
      '> **Error:** The agent answered with an error.\n>\n> boom',
      '## Plan\n\n- [x] Read\n- [ ] Edit *(in progress)*\n- [ ] Test',
    ].join('\n\n');
    assert.equal(markdown, `${expected}\n`);
  });

  it('writes the identified plans after the legacy one: a checklist, a Markdown plan with its file, an unknown type named', () => {
    const state = sample();
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'a', entries: [{ content: 'Ship', priority: 'medium', status: 'pending' }] } }, 0);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'b', content: '# Design\n\n1. Split\n', path: '/w/PLAN.md' } }, 0);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'graph', planId: 'c' } }, 0);
    const markdown = transcriptToMarkdown(state);
    assert.ok(
      markdown.endsWith('## Plan\n\n- [x] Read\n- [ ] Edit *(in progress)*\n- [ ] Test\n\n## Plan\n\n- [ ] Ship\n\n## Plan\n\nFile: `/w/PLAN.md`\n\n# Design\n\n1. Split\n\n## Plan\n\n*(a plan of type graph)*\n'),
      markdown,
    );
  });

  it('a diff too big to compare here is summarised by its line counts', () => {
    const old = Array.from({ length: 6000 }, (_, i) => `a${i}`).join('\n');
    const replaced = Array.from({ length: 6000 }, (_, i) => `b${i}`).join('\n');
    assert.equal(diffSummary(old, replaced), '6000 → 6000 lines');
    assert.equal(diffSummary('a\nb\n', 'a\nb\n'), '+0 −0');
  });

  it('unknown content and blocks are named, not dropped, and the title is used when the agent sent one', () => {
    const state = createSessionState('s');
    state.header.title = 'Refactor';
    addUserMessage(state, [{ type: 'image', mimeType: 'image/png', data: 'AAAA' }]);
    setTurnState(state, 'running');
    applySessionUpdate(state, { sessionUpdate: 'tool_call', toolCallId: 't', title: 'Run', kind: 'execute', status: 'paused', content: [{ type: '_custom', x: 1 }, { type: 'terminal', terminalId: 'term-1' }] }, 0, () => undefined);
    const markdown = transcriptToMarkdown(state);
    assert.ok(markdown.startsWith('# Refactor\n\nSession: `s`\n\n## User\n\n*[image image/png]*'), markdown);
    assert.ok(markdown.includes('- Kind: execute · Status: paused\n\n- *[_custom content]*\n\n- Terminal `term-1`'), markdown);
  });

  it('masks the known secrets it is given (an agent env value with a plain name), wherever they appear', () => {
    const state = createSessionState('sess-2');
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'my config value is plain-value-77' } }, 0, () => undefined);
    addNotice(state, 'error', 'Failed with plain-value-77', 'detail plain-value-77');
    const shown = transcriptToMarkdown(state);
    assert.match(shown, /plain-value-77/, 'not a shape any pattern knows: only the known value masks it');
    const masked = transcriptToMarkdown(state, { knownSecrets: ['plain-value-77'] });
    assert.doesNotMatch(masked, /plain-value-77/);
    assert.match(masked, /my config value is \[masked\]/);
  });
});

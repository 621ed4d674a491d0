// The identified plans' cards and tool text, rendered with the real components: a card per plan (checklist, Markdown
// with its title and file link, an unknown type shown generically), and tool text that keeps its line breaks.
import assert from 'node:assert/strict';
import { h, type VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { IdentifiedPlan } from '../../../../src/shared/transcript/plans';
import { splitFilePath } from '../../../../webview-ui/src/components/DiffPathLink';
import { ToolContentItem } from '../../../../webview-ui/src/components/ToolContentItem';
import { HostContext } from '../../../../webview-ui/src/hostContext';
import { PlanCards } from '../../../../webview-ui/src/components/PlanCards';
import { markdownPlanTitle } from '../../../../webview-ui/src/logic/planTitle';
import type { HostBridge } from '../../../../webview-ui/src/vscodeApi';
import { emptyViewState } from '../../../../webview-ui/src/viewState';

const host: HostBridge = { post: () => undefined, getViewState: () => emptyViewState, setViewState: () => undefined };

function render<P>(node: VNode<P>): string {
  return renderToString(h(HostContext.Provider, { value: host }, node));
}

const plans: IdentifiedPlan[] = [
  { planId: 'a', type: 'items', entries: [{ content: 'Read', priority: 'medium', status: 'completed' }, { content: 'Write', priority: 'medium', status: 'pending' }] },
  { planId: 'b', type: 'markdown', content: '# Refactor *the* parser\n\n1. Split it', path: '/w/docs/PLAN.md' },
  { planId: 'c', type: 'diagram', raw: { type: 'diagram', planId: 'c' } },
];

describe('plan cards', () => {
  it('draws one card per plan, in order, each with its id; open while a turn runs', () => {
    const html = render(h(PlanCards, { plans, running: true, stopped: false }));
    assert.deepEqual([...html.matchAll(/data-plan-id="([^"]+)"/g)].map((m) => m[1]), ['a', 'b', 'c']);
    assert.match(html, /aria-controls="plan-items-a"/);
    assert.match(html, /1\/2/);
    assert.match(html, /data-plan-title="?[^>]*>Refactor the parser</);
    assert.match(html, /data-location-path="\/w\/docs\/PLAN.md"[^>]*>.*PLAN\.md/s, 'a link that opens the file');
    assert.match(html, /<ol[^>]*>\s*<li[^>]*>Split it<\/li>/, 'the Markdown is rendered');
    assert.match(html, /A plan of type “diagram”/);
  });

  it('folds a Markdown plan to its title when no turn runs, and marks one that shows its file', () => {
    const html = render(h(PlanCards, { plans: [{ ...plans[1], fromFile: true }], running: false, stopped: false }));
    assert.doesNotMatch(html, /data-plan-markdown/);
    assert.match(html, /Refactor the parser/);
    assert.match(html, /data-plan-from-file/);
  });

  it('draws nothing without plans', () => {
    assert.equal(render(h(PlanCards, { plans: [], running: false, stopped: false })), '');
  });

  it('titles a Markdown plan by its first heading, else its first line, else its file name', () => {
    assert.equal(markdownPlanTitle('intro\n## The `plan`\n'), 'The plan');
    assert.equal(markdownPlanTitle('\n- **Do** this first\n'), 'Do this first');
    assert.equal(markdownPlanTitle('', '/home/me/.claude/plans/cozy-plan.md'), 'cozy-plan.md');
    assert.equal(markdownPlanTitle('#'.repeat(0) + 'x'.repeat(300)).length, 120);
  });
});

describe('tool text', () => {
  it('keeps its line breaks (qwen-code puts a command, its folder and its output on separate lines)', () => {
    const text = 'Command: echo hi\nDirectory: (root)\nOutput: hi\nExit Code: 0';
    const html = render(h(ToolContentItem, { item: { type: 'content', content: { type: 'text', text } }, toolCallId: 't1' }));
    assert.equal((html.match(/<br\s*\/?>/g) ?? []).length, 3, html);
  });
});

describe("a diff's file in its header", () => {
  it('names the innermost two folders and the file', () => {
    assert.deepEqual(splitFilePath('/w/packages/frontend/src/ui/Panel.tsx'), ['…/src/ui/', 'Panel.tsx']);
    assert.deepEqual(splitFilePath('/src/a.ts'), ['/src/', 'a.ts']);
    assert.deepEqual(splitFilePath('C:\\w\\src\\ui\\a.ts'), ['…\\src\\ui\\', 'a.ts']);
    assert.deepEqual(splitFilePath('a.ts'), ['', 'a.ts']);
  });
});

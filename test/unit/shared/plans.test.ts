// Identified plans (plan_update / plan_removed): the wire shapes of ACP v1 (stable 2026-11-20), several plans per
// session, replacement by planId, removal, leniency, the legacy `plan` untouched, and the file-follow rule.
import * as assert from 'node:assert/strict';
import { applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';
import { applyPlanFileText, MAX_PLAN_FILE_CHARS, planFilePaths } from '../../../src/shared/transcript/plans';

const items = (planId: string, statuses: string[]) => ({
  sessionUpdate: 'plan_update',
  plan: { type: 'items', planId, entries: statuses.map((status, i) => ({ content: `step ${i + 1}`, priority: 'medium', status })) },
});
const markdown = (planId: string, content: string, path?: unknown) => ({
  sessionUpdate: 'plan_update',
  plan: { type: 'markdown', planId, content, ...(path === undefined ? {} : { path }) },
});

describe('reducer: identified plans (plan_update, plan_removed)', () => {
  it('keeps several plans by planId, in the order they first came, each replaced in place', () => {
    const state = createSessionState('s');
    const first = applySessionUpdate(state, items('p1', ['pending', 'pending']), 0);
    assert.deepEqual(first, { entries: [], header: true });
    applySessionUpdate(state, markdown('p2', '# Refactor\n\n1. Split the module', '/work/PLAN.md'), 0);
    applySessionUpdate(state, items('p1', ['completed', 'in_progress']), 0);
    assert.deepEqual(
      state.header.plans?.map((plan) => [plan.planId, plan.type]),
      [
        ['p1', 'items'],
        ['p2', 'markdown'],
      ],
    );
    assert.deepEqual(state.header.plans?.[0].entries?.map((entry) => entry.status), ['completed', 'in_progress']);
    assert.deepEqual(state.header.plans?.[1], { planId: 'p2', type: 'markdown', content: '# Refactor\n\n1. Split the module', path: '/work/PLAN.md' });
    assert.deepEqual(state.header.plan, [], 'the legacy plan is apart');
    assert.deepEqual(state.entries, [], 'plans are not transcript entries');
  });

  it('replaces the whole plan of an id even when its type changes', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, markdown('p1', 'text', '/a/PLAN.md'), 0);
    applySessionUpdate(state, items('p1', ['pending']), 0);
    assert.deepEqual(state.header.plans, [{ planId: 'p1', type: 'items', entries: [{ content: 'step 1', priority: 'medium', status: 'pending' }] }]);
  });

  it('removes a plan by planId; an unknown id or a missing one changes nothing', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, items('p1', ['pending']), 0);
    applySessionUpdate(state, items('p2', ['pending']), 0);
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'plan_removed', planId: 'nope' }, 0), { entries: [], header: false });
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'plan_removed' }, 0), { entries: [], header: false });
    assert.deepEqual(applySessionUpdate(state, { sessionUpdate: 'plan_removed', planId: 'p1' }, 0), { entries: [], header: true });
    assert.deepEqual(state.header.plans?.map((plan) => plan.planId), ['p2']);
    applySessionUpdate(state, { sessionUpdate: 'plan_removed', planId: 'p2', _meta: { x: 1 } }, 0);
    assert.equal(state.header.plans, undefined, 'no plans left: none drawn');
  });

  it('reads leniently: no planId is skipped, bad entries dropped, relative paths dropped, unknown types kept', () => {
    const state = createSessionState('s');
    const unknown: string[] = [];
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'items', entries: [] } }, 0, (kind) => unknown.push(kind));
    applySessionUpdate(state, { sessionUpdate: 'plan_update' }, 0);
    assert.equal(state.header.plans, undefined);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'items', planId: 'a', entries: [{ content: 'ok', priority: 'high', status: 'pending' }, { content: 3 }, 'x'] } }, 0);
    applySessionUpdate(state, markdown('b', 'relative', 'docs/PLAN.md'), 0);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'markdown', planId: 'c', content: null, path: null } }, 0);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'diagram', planId: 'd', nodes: [1, 2] } }, 0);
    applySessionUpdate(state, { sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'e', uri: 'file:///home/me/My%20Plan.md' } }, 0);
    applySessionUpdate(state, markdown('f', 'windows', 'C:\\work\\PLAN.md'), 0);
    assert.deepEqual(unknown, []);
    assert.deepEqual(state.header.plans, [
      { planId: 'a', type: 'items', entries: [{ content: 'ok', priority: 'high', status: 'pending' }] },
      { planId: 'b', type: 'markdown', content: 'relative' },
      { planId: 'c', type: 'markdown', content: '' },
      { planId: 'd', type: 'diagram', raw: { type: 'diagram', planId: 'd', nodes: [1, 2] } },
      { planId: 'e', type: 'markdown', content: '', path: '/home/me/My Plan.md' },
      { planId: 'f', type: 'markdown', content: 'windows', path: 'C:\\work\\PLAN.md' },
    ]);
  });

  it('leaves the legacy plan working as before, beside identified plans', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, items('p1', ['pending']), 0);
    applySessionUpdate(state, { sessionUpdate: 'plan', entries: [{ content: 'legacy', priority: 'low', status: 'completed' }] }, 0);
    assert.deepEqual(state.header.plan, [{ content: 'legacy', priority: 'low', status: 'completed' }]);
    assert.equal(state.header.plans?.length, 1);
  });

  it('shows a plan file’s new text in the plans that name it, until the agent sends the plan again', () => {
    const state = createSessionState('s');
    applySessionUpdate(state, markdown('p1', '# Old', '/w/PLAN.md'), 0);
    applySessionUpdate(state, markdown('p2', '# Other', '/w/OTHER.md'), 0);
    applySessionUpdate(state, items('p3', ['pending']), 0);
    assert.deepEqual(planFilePaths(state.header), ['/w/PLAN.md', '/w/OTHER.md']);
    assert.deepEqual(applyPlanFileText(state.header, '/w/PLAN.md', '# New'), { entries: [], header: true });
    assert.deepEqual(state.header.plans?.[0], { planId: 'p1', type: 'markdown', content: '# New', path: '/w/PLAN.md', fromFile: true });
    assert.equal(state.header.plans?.[1].content, '# Other');
    assert.deepEqual(applyPlanFileText(state.header, '/w/PLAN.md', '# New'), { entries: [], header: false }, 'the same text again changes nothing');
    assert.deepEqual(applyPlanFileText(state.header, '/w/PLAN.md', 'x'.repeat(MAX_PLAN_FILE_CHARS + 1)), { entries: [], header: false });
    applySessionUpdate(state, markdown('p1', '# From the agent', '/w/PLAN.md'), 0);
    assert.equal(state.header.plans?.[0].fromFile, undefined);
  });
});

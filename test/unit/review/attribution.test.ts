import * as assert from 'node:assert/strict';
import { toolCallFor } from '../../../src/review/attribution';
import type { ToolCallEntry } from '../../../src/shared/transcript/model';

const call = (toolCallId: string, status: string, paths: { locations?: string[]; diffs?: string[] }): ToolCallEntry => ({
  kind: 'tool_call',
  id: toolCallId,
  rev: 1,
  toolCallId,
  title: toolCallId,
  toolKind: 'edit',
  status,
  content: (paths.diffs ?? []).map((path) => ({ type: 'diff', path, oldText: null, newText: '' })),
  locations: (paths.locations ?? []).map((path) => ({ path })),
  extra: {},
});

describe('review: which tool call changed a file', () => {
  const same = (p: string): string => p;

  it('prefers a running call that names the file, by location or diff', () => {
    const entries = [call('old', 'in_progress', { diffs: ['/w/a'] }), call('done', 'completed', { locations: ['/w/a'] })];
    assert.equal(toolCallFor({ entries }, '/w/a', same), 'old');
  });

  it('else the latest finished one; none when no call names it', () => {
    const entries = [call('first', 'completed', { locations: ['/w/a'] }), call('second', 'failed', { locations: ['/w/a'] })];
    assert.equal(toolCallFor({ entries }, '/w/a', same), 'second');
    assert.equal(toolCallFor({ entries }, '/w/b', same), undefined);
  });
});

import assert from 'node:assert/strict';
import { composerKeyAction, type ComposerKey } from '../../../../webview-ui/src/logic/composerKeys';
import { blockView, blockViews } from '../../../../webview-ui/src/logic/contentText';
import { diffStats } from '../../../../webview-ui/src/logic/diffStats';
import { isOnScreen, PROMPT_ARM_MS } from '../../../../webview-ui/src/logic/permissionArming';
import { cardTexts } from '../../../../webview-ui/src/logic/permissionTexts';
import { permissionTone } from '../../../../webview-ui/src/logic/permissionTone';
import { planStatusLook } from '../../../../webview-ui/src/logic/planStatus';
import { RAW_OUTPUT_LIMIT, formatRawOutput } from '../../../../webview-ui/src/logic/rawOutput';
import { thoughtLabel } from '../../../../webview-ui/src/logic/thoughtLabel';
import { toolContentView } from '../../../../webview-ui/src/logic/toolContent';
import { toolKindIcon, toolStatusLook } from '../../../../webview-ui/src/logic/toolStatus';

function key(patch: Partial<ComposerKey>): ComposerKey {
  return { key: 'a', shiftKey: false, altKey: false, ctrlKey: false, metaKey: false, isComposing: false, ...patch };
}

describe('webview logic', () => {
  describe('composerKeyAction', () => {
    it('Enter sends; Shift+Enter and modified Enter do not', () => {
      assert.equal(composerKeyAction(key({ key: 'Enter' })), 'send');
      assert.equal(composerKeyAction(key({ key: 'Enter', shiftKey: true })), 'none');
      assert.equal(composerKeyAction(key({ key: 'Enter', altKey: true })), 'none');
      assert.equal(composerKeyAction(key({ key: 'Enter', ctrlKey: true })), 'none');
      assert.equal(composerKeyAction(key({ key: 'Enter', metaKey: true })), 'none');
    });
    it('Enter while an input method composes confirms the composition instead', () => {
      assert.equal(composerKeyAction(key({ key: 'Enter', isComposing: true })), 'none');
    });
    it('Escape cancels; other keys do nothing', () => {
      assert.equal(composerKeyAction(key({ key: 'Escape' })), 'cancel');
      assert.equal(composerKeyAction(key({ key: 'x' })), 'none');
    });
  });

  describe('diffStats', () => {
    it('counts added and removed lines', () => {
      assert.deepEqual(diffStats('a\nb\nc\n', 'a\nB\nc\nd\n'), { added: 2, removed: 1 });
    });
    it('treats a missing old text as a new file', () => {
      assert.deepEqual(diffStats(null, 'x\ny'), { added: 2, removed: 0 });
      assert.deepEqual(diffStats(undefined, ''), { added: 0, removed: 0 });
    });
    it('handles deletions to empty, CRLF and repeated lines', () => {
      assert.deepEqual(diffStats('a\nb', ''), { added: 0, removed: 2 });
      assert.deepEqual(diffStats('a\r\nb\r\n', 'a\nb\n'), { added: 0, removed: 0 });
      assert.deepEqual(diffStats('x\nx\nx', 'x'), { added: 0, removed: 2 });
    });
  });

  describe('formatRawOutput', () => {
    it('pretty-prints JSON and keeps strings as they are', () => {
      assert.equal(formatRawOutput({ a: 1 }), '{\n  "a": 1\n}');
      assert.equal(formatRawOutput('plain'), 'plain');
    });
    it('truncates past the limit and says by how much', () => {
      const text = formatRawOutput('x'.repeat(RAW_OUTPUT_LIMIT + 5));
      assert.ok(text.startsWith('x'.repeat(RAW_OUTPUT_LIMIT) + '…'));
      assert.match(text, /5 more characters/);
    });
    it('does not split a surrogate pair', () => {
      const text = formatRawOutput('a😀b', 2);
      assert.equal(text.startsWith('a…'), true);
    });
    it('survives values JSON cannot encode', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      assert.equal(formatRawOutput(cyclic), '[object Object]');
      assert.equal(formatRawOutput(10n), '10');
      assert.equal(formatRawOutput(undefined), 'undefined');
    });
  });

  describe('toolStatusLook and toolKindIcon', () => {
    it('knows the spec statuses and cancelled', () => {
      assert.equal(toolStatusLook('pending').tone, 'pending');
      assert.equal(toolStatusLook('in_progress').spin, true);
      assert.equal(toolStatusLook('completed').tone, 'success');
      assert.equal(toolStatusLook('failed').tone, 'failure');
      assert.equal(toolStatusLook('cancelled').tone, 'cancelled');
    });
    it('shows unknown statuses as they came, including prototype names', () => {
      assert.deepEqual(toolStatusLook('_waiting'), { label: '_waiting', icon: 'question', tone: 'unknown', spin: false });
      assert.equal(toolStatusLook('toString').label, 'toString');
    });
    it('gives unknown kinds the generic icon', () => {
      assert.equal(toolKindIcon('execute'), 'terminal');
      assert.equal(toolKindIcon('other'), 'tools');
      assert.equal(toolKindIcon('_custom'), 'symbol-misc');
      assert.equal(toolKindIcon('constructor'), 'symbol-misc');
    });
  });

  describe('permissionTone', () => {
    it('allow_once primary, allow_always and reject_* secondary, anything else neutral', () => {
      assert.equal(permissionTone('allow_once'), 'primary');
      assert.equal(permissionTone('allow_always'), 'secondary');
      assert.equal(permissionTone('_allow_for_session'), 'neutral');
      assert.equal(permissionTone('reject_once'), 'secondary');
      assert.equal(permissionTone('reject_always'), 'secondary');
      assert.equal(permissionTone('_ask_later'), 'neutral');
    });
  });

  describe('planStatusLook', () => {
    it('marks completed items done and keeps unknown statuses as text', () => {
      assert.equal(planStatusLook('completed').done, true);
      assert.equal(planStatusLook('in_progress').done, false);
      assert.equal(planStatusLook('_blocked').label, '_blocked');
    });
  });

  describe('thoughtLabel', () => {
    it('says Thinking… while active, then Thought (for N s)', () => {
      assert.equal(thoughtLabel(true, 0, 5000), 'Thinking…');
      assert.equal(thoughtLabel(false, 0, 400), 'Thought');
      assert.equal(thoughtLabel(false, 1000, 4200), 'Thought for 3 s');
      assert.equal(thoughtLabel(false, 0, 65_000), 'Thought for 1 min 05 s');
    });
  });

  describe('content blocks', () => {
    it('gives text for text blocks and a label for the rest', () => {
      assert.deepEqual(blockView({ type: 'text', text: 'hi' }), { kind: 'text', text: 'hi' });
      assert.deepEqual(blockView({ type: 'image', data: '', mimeType: 'image/png' }), { kind: 'label', text: '[image]' });
      assert.deepEqual(blockView({ type: 'resource_link', name: 'a.ts', uri: 'file:///a.ts' }), { kind: 'label', text: '[a.ts]' });
      assert.deepEqual(blockView({ type: 'resource', resource: { uri: 'file:///b', text: 'x' } }), { kind: 'label', text: '[file:///b]' });
      assert.deepEqual(blockView({ type: '_custom' }), { kind: 'label', text: '[_custom]' });
    });
    it('joins consecutive text chunks into one run', () => {
      assert.deepEqual(
        blockViews([
          { type: 'text', text: 'Hel' },
          { type: 'text', text: 'lo\n' },
          { type: 'image', data: '', mimeType: 'image/png' },
          { type: 'text', text: 'end' },
        ]),
        [
          { kind: 'text', text: 'Hello\n' },
          { kind: 'label', text: '[image]' },
          { kind: 'text', text: 'end' },
        ],
      );
    });
  });

  describe('toolContentView', () => {
    it('reduces each known item type', () => {
      assert.deepEqual(toolContentView({ type: 'content', content: { type: 'text', text: 'out' } }), {
        kind: 'content',
        blocks: [{ kind: 'text', text: 'out' }],
        block: { type: 'text', text: 'out' },
      });
      assert.deepEqual(toolContentView({ type: 'diff', path: '/a.ts', oldText: 'a\n', newText: 'a\nb\n' }), {
        kind: 'diff',
        path: '/a.ts',
        added: 1,
        removed: 0,
        isNew: false,
        oldText: 'a\n',
        newText: 'a\nb\n',
      });
      assert.deepEqual(toolContentView({ type: 'diff', path: '/n.ts', oldText: null, newText: 'x' }), {
        kind: 'diff',
        path: '/n.ts',
        added: 1,
        removed: 0,
        isNew: true,
        newText: 'x',
      });
      assert.deepEqual(toolContentView({ type: 'terminal', terminalId: 't1' }), { kind: 'terminal', terminalId: 't1' });
    });
    it('shows unknown or malformed items by their type', () => {
      assert.deepEqual(toolContentView({ type: '_chart', data: [] }), { kind: 'other', type: '_chart' });
      assert.deepEqual(toolContentView({ type: 'diff', path: 3 }), { kind: 'other', type: 'diff' });
    });
  });
});

describe('permission prompt logic', () => {
  it('a prompt is on screen when the observer last saw it intersect', () => {
    assert.equal(isOnScreen([]), false);
    assert.equal(isOnScreen([{ isIntersecting: true, intersectionRatio: 0.5 }]), true);
    assert.equal(isOnScreen([{ isIntersecting: true, intersectionRatio: 1 }, { isIntersecting: false, intersectionRatio: 0 }]), false);
    assert.equal(isOnScreen([{ isIntersecting: true, intersectionRatio: 0 }]), false, 'touching the edge is not on screen');
    assert.equal(PROMPT_ARM_MS, 500);
  });

  it('the texts checked for hidden characters: title, locations, diff paths and every string of the raw input', () => {
    const texts = cardTexts({
      title: 'Run',
      locations: [{ path: '/w/a\u202E.ts' }, { path: 3 }],
      content: [{ type: 'diff', path: '/w/b.ts' }, { type: 'content' }],
      rawInput: { command: 'ls', args: ['-la', { deep: 'x' }] },
    });
    assert.deepEqual(texts.slice(0, 3), ['Run', '/w/a\u202E.ts', '/w/b.ts']);
    assert.match(texts[3], /command/);
    assert.match(texts[3], /ls/);
    assert.match(texts[3], /deep\nx/);
  });
});

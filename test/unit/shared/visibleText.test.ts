import assert from 'node:assert/strict';
import {
  codePointLabel,
  hasHiddenChars,
  hiddenCharsWarning,
  hiddenCodesIn,
  visibleRuns,
  withVisibleMarkers,
} from '../../../src/shared/text/visibleText';
import { optionLabel } from '../../../src/shared/permissionOptionLabel';

describe('visible text (hidden and direction-changing characters)', () => {
  it('splits a right-to-left override out as a marked run between plain runs', () => {
    assert.deepEqual(visibleRuns('report\u202Etxt.exe'), [
      { kind: 'text', text: 'report' },
      { kind: 'hidden', char: '\u202E', code: 'U+202E', bidi: true },
      { kind: 'text', text: 'txt.exe' },
    ]);
    assert.equal(withVisibleMarkers('report\u202Etxt.exe'), 'report⟨U+202E⟩txt.exe');
  });

  it('marks every listed bidi control and invisible character, including astral tag characters', () => {
    const bidi = ['\u061C', '\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
    const invisible = ['\u00AD', '\u034F', '\u115F', '\u1160', '\u180E', '\u200B', '\u200C', '\u200D', '\u2060', '\u2064', '\u206A', '\u206F', '\u3164', '\uFEFF', '\uFFA0', '\uFFF9', '\u{E0001}', '\u{E0041}', '\u{E007F}', '\u{E0100}', '\u{E01EF}'];
    for (const char of bidi) {
      assert.ok(hasHiddenChars(`a${char}b`), codePointLabel(char));
      assert.deepEqual(visibleRuns(char), [{ kind: 'hidden', char, code: codePointLabel(char), bidi: true }]);
    }
    for (const char of invisible) {
      assert.ok(hasHiddenChars(`a${char}b`), codePointLabel(char));
      assert.deepEqual(visibleRuns(char), [{ kind: 'hidden', char, code: codePointLabel(char), bidi: false }]);
    }
    assert.equal(withVisibleMarkers('rm\u{E0072}'), 'rm⟨U+E0072⟩');
  });

  it('leaves ordinary text alone: letters of any script, emoji with U+FE0F, tabs and newlines', () => {
    for (const text of ['', 'git status', 'שלום עולם', 'مرحبا', '❤️ done', 'a\tb\nc', 'café', '日本語']) {
      assert.equal(hasHiddenChars(text), false, text);
      assert.equal(withVisibleMarkers(text), text);
      assert.deepEqual(visibleRuns(text), text === '' ? [] : [{ kind: 'text', text }]);
    }
  });

  it('gives each hidden character its own run, also when they follow each other', () => {
    assert.deepEqual(
      visibleRuns('\u200B\u200Bx').map((run) => (run.kind === 'text' ? run.text : run.code)),
      ['U+200B', 'U+200B', 'x'],
    );
  });

  it('lists the distinct code points found in several texts, and words the warning with them', () => {
    const codes = hiddenCodesIn(['a\u202Eb', 'plain', 'c\u200Bd\u202E']);
    assert.deepEqual(codes, ['U+202E', 'U+200B']);
    assert.equal(hiddenCharsWarning(codes), 'This request contains hidden or direction-changing characters, shown as ⟨U+202E⟩, ⟨U+200B⟩.');
    assert.match(hiddenCharsWarning(['U+202A', 'U+202B', 'U+202C', 'U+202D', 'U+202E']), /⟨U\+202C⟩ and 2 more\.$/);
  });
});

describe('permission option labels', () => {
  it('says what the kind does; the agent wording goes beside it when it differs', () => {
    assert.deepEqual(optionLabel({ optionId: 'a', name: 'Reject', kind: 'allow_always' }), { label: 'Allow always', agentWording: 'Reject', known: true });
    assert.deepEqual(optionLabel({ optionId: 'b', name: 'Allow once', kind: 'allow_once' }), { label: 'Allow once', known: true });
    assert.deepEqual(optionLabel({ optionId: 'c', name: 'allow, ONCE!', kind: 'allow_once' }), { label: 'Allow once', known: true });
    assert.deepEqual(optionLabel({ optionId: 'd', name: 'No', kind: 'reject_once' }), { label: 'Reject', agentWording: 'No', known: true });
    assert.deepEqual(optionLabel({ optionId: 'e', name: '', kind: 'reject_always' }), { label: 'Reject always', known: true });
  });

  it('an unknown kind is neutral and has only the agent name (or the option id)', () => {
    assert.deepEqual(optionLabel({ optionId: 'x', name: 'Maybe', kind: '_ask_later' }), { label: 'Maybe', known: false });
    assert.deepEqual(optionLabel({ optionId: 'x', name: ' ', kind: 'toString' }), { label: 'x', known: false });
  });

  it('hidden characters in the agent wording count as a difference, so they are shown', () => {
    assert.equal(optionLabel({ optionId: 'r', name: 'Re\u200Bject', kind: 'reject_once' }).agentWording, 'Re\u200Bject');
  });
});

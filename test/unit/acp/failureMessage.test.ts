import * as assert from 'node:assert/strict';
import { SHOWN_LINE_CHARS, SHOWN_TAIL_CHARS, SHOWN_TAIL_LINES, failureMessage, shownStderrTail } from '../../../src/acp/failureMessage';

describe('failure message: the stderr tail shown in the panel', () => {
  it('adds the tail after the message, and nothing when stderr was empty or blank', () => {
    assert.equal(failureMessage('The agent exited with code 1.', 'panic: lost\n  at x\n'), 'The agent exited with code 1.\n\nLast lines of its output:\npanic: lost\n  at x');
    assert.equal(failureMessage('The agent exited with code 1.', ''), 'The agent exited with code 1.');
    assert.equal(failureMessage('The agent exited with code 1.', ' \n\n  '), 'The agent exited with code 1.');
  });

  it('keeps the last lines of a flood of lines', () => {
    const tail = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const shown = shownStderrTail(tail).split('\n');
    assert.equal(shown.length, SHOWN_TAIL_LINES);
    assert.equal(shown.at(-1), 'line 49');
    assert.equal(shown[0], `line ${50 - SHOWN_TAIL_LINES}`);
  });

  it('keeps the end of endless lines, and bounds the whole', () => {
    const long = `${'a'.repeat(100_000)}THE-END`;
    const one = shownStderrTail(long);
    assert.ok(one.endsWith('THE-END'));
    assert.equal(one.length, SHOWN_LINE_CHARS + 1);
    const many = shownStderrTail(Array.from({ length: 50 }, (_, i) => `${'b'.repeat(10_000)}${i}`).join('\n'));
    assert.ok(many.length <= SHOWN_TAIL_CHARS + 1, `${many.length} characters`);
    assert.ok(many.endsWith('49'));
  });
});

import * as assert from 'node:assert/strict';
import { stripAnsi, terminalDisplayText } from '../../../../webview-ui/src/terminals/terminalText';

const ESC = '\x1b';

describe('terminal text: stripAnsi', () => {
  it('leaves plain text, tabs and line breaks alone', () => {
    const plain = 'a\tb\nc d\r\n€ 😀';
    assert.equal(stripAnsi(plain), plain);
  });

  it('removes SGR colours and other CSI sequences (with parameters and intermediates)', () => {
    assert.equal(stripAnsi(`${ESC}[31merror${ESC}[0m: ${ESC}[1;38;5;208mbold${ESC}[m`), 'error: bold');
    assert.equal(stripAnsi(`a${ESC}[2Kb${ESC}[?25lc${ESC}[?25hd${ESC}[1 qe`), 'abcde');
    assert.equal(stripAnsi(`x\x9b32my`), 'xy');
  });

  it('removes OSC strings ended by BEL or ST (titles, hyperlinks)', () => {
    assert.equal(stripAnsi(`${ESC}]0;my title\x07after`), 'after');
    assert.equal(stripAnsi(`${ESC}]8;;https://example.com${ESC}\\link${ESC}]8;;${ESC}\\`), 'link');
  });

  it('removes DCS/APC strings and two-character escapes', () => {
    assert.equal(stripAnsi(`a${ESC}P1$r0m${ESC}\\b${ESC}_x${ESC}\\c`), 'abc');
    assert.equal(stripAnsi(`${ESC}(Bplain${ESC}7${ESC}8${ESC}=${ESC}>`), 'plain');
  });

  it('removes other control characters (bell, shift-in/out, NUL) but not CR or backspace', () => {
    assert.equal(stripAnsi('a\x07b\x0ec\x0fd\x00e'), 'abcde');
    assert.equal(stripAnsi('a\rb\bc'), 'a\rb\bc');
  });

  it('drops an escape sequence cut off at the end', () => {
    assert.equal(stripAnsi(`done${ESC}[3`), 'done');
    assert.equal(stripAnsi(`done${ESC}]0;unfinished title`), 'done');
    assert.equal(stripAnsi(`done${ESC}`), 'done');
  });
});

describe('terminal text: terminalDisplayText', () => {
  it('returns plain text unchanged (the fast path)', () => {
    const plain = 'line 1\nline 2\n';
    assert.equal(terminalDisplayText(plain), plain);
  });

  it('treats CR LF as a line break', () => {
    assert.equal(terminalDisplayText('one\r\ntwo\r\n'), 'one\ntwo\n');
  });

  it('lets text after a CR overwrite the line, like a progress bar', () => {
    assert.equal(terminalDisplayText('10%\r20%\r100%\ndone'), '100%\ndone');
    assert.equal(terminalDisplayText('abcdef\rxy'), 'xycdef');
  });

  it('applies erase-in-line after a CR, and backspaces', () => {
    assert.equal(terminalDisplayText(`downloading 99%\r${ESC}[Kdone\n`), 'done\n');
    assert.equal(terminalDisplayText(`abc\r${ESC}[2Kx`), 'x');
    assert.equal(terminalDisplayText('abc\b\bX'), 'aXc');
    assert.equal(terminalDisplayText('_\bA'), 'A');
  });

  it('strips colours while applying the line model', () => {
    assert.equal(terminalDisplayText(`${ESC}[32m✓${ESC}[0m ok\r\n${ESC}[31m✗${ESC}[0m bad`), '✓ ok\n✗ bad');
  });

  // Linear time, without reading a clock: 200k coloured characters take well under 0.1 s; a pass that copied the
  // line for each character (quadratic) takes over 10 s, far beyond the test's time limit.
  it('handles a long coloured line in linear time', function () {
    this.timeout(2_000);
    const raw = `${ESC}[31mx${ESC}[0m`.repeat(200_000);
    assert.equal(terminalDisplayText(raw), 'x'.repeat(200_000));
  });
});

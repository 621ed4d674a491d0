import assert from 'node:assert/strict';
import { BlockSplitter, splitBlocks } from '../../../../webview-ui/src/markdown/blocks';

describe('markdown block splitting', () => {
  it('splits at blank lines', () => {
    assert.deepEqual(splitBlocks('# Title\n\nFirst paragraph\nstill first.\n\n\nSecond.').blocks, [
      '# Title',
      'First paragraph\nstill first.',
      'Second.',
    ]);
  });

  it('keeps blank lines inside a code fence in one block, for ``` and ~~~ fences', () => {
    const text = 'Before\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter\n\n~~~\nx\n\ny\n~~~';
    assert.deepEqual(splitBlocks(text).blocks, ['Before', '```ts\nconst a = 1;\n\nconst b = 2;\n```', 'After', '~~~\nx\n\ny\n~~~']);
  });

  it('closes a fence only with the same character and at least as many', () => {
    const text = '````\n```\n\n~~~\n````\n\nafter';
    assert.deepEqual(splitBlocks(text).blocks, ['````\n```\n\n~~~\n````', 'after']);
  });

  it('an unclosed fence runs to the end', () => {
    assert.deepEqual(splitBlocks('```\na\n\nb').blocks, ['```\na\n\nb']);
  });

  it('keeps list items separated by blank lines, and their indented paragraphs, in one block', () => {
    const text = '- one\n\n- two\n\n  more about two\n\n1. other list\n\nParagraph';
    assert.deepEqual(splitBlocks(text).blocks, ['- one\n\n- two\n\n  more about two\n\n1. other list', 'Paragraph']);
  });

  it('keeps an indented fence inside a list item together', () => {
    const text = '- item\n\n  ```\n  code\n\n  more\n  ```\n\nDone';
    assert.deepEqual(splitBlocks(text).blocks, ['- item\n\n  ```\n  code\n\n  more\n  ```', 'Done']);
  });

  it('handles CRLF line ends', () => {
    assert.deepEqual(splitBlocks('a\r\n\r\nb\r\n').blocks, ['a', 'b']);
  });

  describe('while streaming', () => {
    it('the last block stays open; a block is finished once a complete line after a blank line starts another', () => {
      const splitter = new BlockSplitter();
      assert.deepEqual(splitter.update('First', false), { blocks: ['First'], finished: 0 });
      assert.deepEqual(splitter.update('First para\n\n', false), { blocks: ['First para'], finished: 0 });
      // The next line is not complete yet: it may still turn out to continue the block.
      assert.deepEqual(splitter.update('First para\n\nSec', false), { blocks: ['First para\n\nSec'], finished: 0 });
      const done = splitter.update('First para\n\nSecond\n', false);
      assert.deepEqual(done, { blocks: ['First para', 'Second'], finished: 1 });
    });

    it('an open fence is not finished by blank lines within it', () => {
      const splitter = new BlockSplitter();
      splitter.update('```js\nlet a;\n\n', false);
      assert.deepEqual(splitter.update('```js\nlet a;\n\nlet b;\n', false), { blocks: ['```js\nlet a;\n\nlet b;'], finished: 0 });
      assert.deepEqual(splitter.update('```js\nlet a;\n\nlet b;\n```\n\nAfter\n', false).finished, 1);
    });

    it('returns the very same strings for finished blocks as the text grows', () => {
      const splitter = new BlockSplitter();
      const first = splitter.update('one\n\ntwo\n', false).blocks[0];
      const later = splitter.update('one\n\ntwo\n\nthree\n\nfour', false);
      assert.equal(later.blocks[0], first);
      assert.deepEqual(later.blocks, ['one', 'two', 'three\n\nfour']);
      assert.equal(later.finished, 2);
    });

    it('final treats the partial last line as complete, without changing later streaming', () => {
      const splitter = new BlockSplitter();
      assert.deepEqual(splitter.update('a\n\nb', true), { blocks: ['a', 'b'], finished: 2 });
      assert.deepEqual(splitter.update('a\n\nb', false), { blocks: ['a\n\nb'], finished: 0 });
      assert.deepEqual(splitter.update('a\n\n  b continues\n', false), { blocks: ['a\n\n  b continues'], finished: 0 });
    });

    it('starts over when the text is not a continuation of the previous one', () => {
      const splitter = new BlockSplitter();
      splitter.update('old\n\ntext\n', false);
      assert.deepEqual(splitter.update('new\n\nstuff\n', false).blocks, ['new', 'stuff']);
    });

    it('next(): the finished blocks are one live array, not copied per chunk; the open block apart', () => {
      const splitter = new BlockSplitter();
      const first = splitter.next('one\n\ntwo\n\nthr', false);
      assert.deepEqual([first.finished.slice(0, first.count), first.open], [['one'], 'two\n\nthr']);
      const second = splitter.next('one\n\ntwo\n\nthree\n\nfo', false);
      assert.equal(second.finished, first.finished, 'the same array');
      assert.deepEqual([second.finished.slice(0, second.count), second.open], [['one', 'two'], 'three\n\nfo']);
      assert.equal(second.generation, first.generation);
      const done = splitter.next('one\n\ntwo\n\nthree\n\nfour', true);
      assert.deepEqual([done.finished.slice(0, done.count), done.open], [['one', 'two', 'three', 'four'], undefined]);
    });

    it('streaming, only the open block is compared with the text seen before (a stream only grows)', () => {
      const splitter = new BlockSplitter();
      const before = splitter.next('alpha\n\nbeta\n\nga', false);
      // The finished part is not read again: a cost per chunk of the open block, not of the whole message.
      const same = splitter.next('ALPHA\n\nbeta\n\ngamma', false);
      assert.equal(same.generation, before.generation);
      assert.deepEqual([same.finished.slice(0, same.count), same.open], [['alpha'], 'beta\n\ngamma']);
      // A change in the open block, or a shorter text, starts over; so does any change in a final text.
      assert.notEqual(splitter.next('alpha\n\nBETA\n\ngamma!', false).generation, before.generation);
      const shorter = splitter.next('alpha', false);
      assert.deepEqual([shorter.count, shorter.open], [0, 'alpha']);
      const final = new BlockSplitter();
      const a = final.next('x\n\ny', true);
      assert.notEqual(final.next('X\n\ny', true).generation, a.generation);
    });

    it('gives the same blocks streamed chunk by chunk as split at once', () => {
      const text = '# Head\n\nPara *one*\n\n```py\nx = 1\n\ny = 2\n```\n\n- a\n\n- b\n\nEnd.';
      const splitter = new BlockSplitter();
      for (let i = 1; i <= text.length; i += 3) splitter.update(text.slice(0, i), false);
      assert.deepEqual(splitter.update(text, true).blocks, splitBlocks(text).blocks);
    });
  });
});

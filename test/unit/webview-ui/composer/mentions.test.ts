import * as assert from 'node:assert/strict';
import {
  appendMention,
  folderOf,
  hasMentionToken,
  insertMention,
  mentionQueryAt,
  mentionsInText,
  removeMentionToken,
  withMention,
} from '../../../../webview-ui/src/composer/mentions';

const a = { uri: 'file:///w/src/a.ts', label: 'src/a.ts' };
const b = { uri: 'file:///w/b.ts', label: 'b.ts#L2-L4', range: { start: 2, end: 4 } };

describe('mentions', () => {
  it('finds the "@query" the caret ends, when "@" starts a word', () => {
    assert.deepEqual(mentionQueryAt('@', 1), { start: 0, query: '' });
    assert.deepEqual(mentionQueryAt('look at @hel', 12), { start: 8, query: 'hel' });
    assert.deepEqual(mentionQueryAt('look at @hel now', 12), { start: 8, query: 'hel' });
    assert.deepEqual(mentionQueryAt('a\n@src/x', 8), { start: 2, query: 'src/x' });
    assert.equal(mentionQueryAt('mail me@host', 12), undefined, 'an @ inside a word');
    assert.equal(mentionQueryAt('look at @hel', 10), undefined, 'the caret inside the word');
    assert.equal(mentionQueryAt('@hel done', 9), undefined, 'past the word');
  });

  it('inserting a chosen file replaces the query with "@path "', () => {
    assert.deepEqual(insertMention('look at @hel', 8, 12, 'hello.js'), { text: 'look at @hello.js ', caret: 18 });
    assert.deepEqual(insertMention('@he now', 0, 3, 'hello.js'), { text: '@hello.js now', caret: 10 });
    assert.equal(appendMention('', 'a.ts'), '@a.ts ');
    assert.equal(appendMention('see', 'a.ts'), 'see @a.ts ');
    assert.equal(appendMention('see ', 'a.ts'), 'see @a.ts ');
    assert.equal(folderOf('src/deep/a.ts'), 'src/deep');
    assert.equal(folderOf('a.ts'), '');
  });

  it('a token counts only as a whole word', () => {
    assert.ok(hasMentionToken('see @src/a.ts.', 'src/a.ts'));
    assert.ok(hasMentionToken('@src/a.ts', 'src/a.ts'));
    assert.ok(!hasMentionToken('see @src/a.tsx', 'src/a.ts'));
    assert.ok(!hasMentionToken('x@src/a.ts', 'src/a.ts'));
    assert.ok(hasMentionToken('x@src/a.ts and @src/a.ts', 'src/a.ts'), 'a later occurrence counts');
  });

  it('sends only the mentions still in the text, in the order of the text', () => {
    assert.deepEqual(mentionsInText('first @b.ts#L2-L4 then @src/a.ts', [a, b]), [b, a]);
    assert.deepEqual(mentionsInText('nothing left', [a, b]), []);
    assert.deepEqual(withMention([a], { ...a }), [a], 'the same mention once');
    assert.deepEqual(withMention([a], b), [a, b]);
  });

  it('removing a chip takes its token (and one space) out of the text', () => {
    assert.equal(removeMentionToken('see @src/a.ts now', 'src/a.ts'), 'see now');
    assert.equal(removeMentionToken('@src/a.ts', 'src/a.ts'), '');
    assert.equal(removeMentionToken('see @src/a.tsx', 'src/a.ts'), 'see @src/a.tsx');
    assert.equal(removeMentionToken('@b.ts#L2-L4, @b.ts#L2-L4', 'b.ts#L2-L4'), ', ');
  });
});

import * as assert from 'node:assert/strict';
import type { ContentBlock } from '../../../src/shared/acp';
import {
  buildPromptContent,
  mentionUri,
  promptCapabilitiesOf,
  restrictToCapabilities,
  type PromptInput,
} from '../../../src/session/promptContent';

const image = { mimeType: 'image/png', data: 'aGk=', name: 'shot.png' };
const input: PromptInput = {
  text: '/review @src/a.ts and @b.ts#L2-L3',
  mentions: [
    { uri: 'file:///w/src/a.ts', label: 'src/a.ts', text: 'const a = 1;\n' },
    { uri: 'file:///w/b.ts', label: 'b.ts#L2-L3', range: { start: 2, end: 3 }, text: 'two\nthree' },
  ],
  images: [image],
};

function types(blocks: ContentBlock[]): string[] {
  return blocks.map((b) => b.type);
}

describe('prompt content builder', () => {
  it('baseline agent (no capabilities): text, resource links, the selection as text; no image, no resource', () => {
    const built = buildPromptContent(input, {});
    assert.deepEqual(types(built.blocks), ['text', 'resource_link', 'resource_link', 'text']);
    assert.deepEqual(built.blocks[0], { type: 'text', text: input.text }, 'the slash command stays at the start of the text');
    assert.deepEqual(built.blocks[1], { type: 'resource_link', uri: 'file:///w/src/a.ts', name: 'src/a.ts' });
    assert.deepEqual(built.blocks[2], { type: 'resource_link', uri: 'file:///w/b.ts#L2-L3', name: 'b.ts#L2-L3' });
    assert.equal(built.blocks[3].type === 'text' && built.blocks[3].text, 'b.ts#L2-L3:\n```\ntwo\nthree\n```');
    assert.deepEqual(built.dropped, ['image shot.png']);
    assert.deepEqual(buildPromptContent(input, undefined).blocks, built.blocks, 'unknown capabilities are none');
  });

  it('image capability: the image goes last as {type:image, data, mimeType}', () => {
    const built = buildPromptContent(input, { image: true });
    assert.deepEqual(built.blocks[built.blocks.length - 1], { type: 'image', data: 'aGk=', mimeType: 'image/png' });
    assert.deepEqual(built.dropped, []);
    assert.ok(!types(built.blocks).includes('resource'));
  });

  it('embeddedContext: mentions with text are embedded resources (a selection keeps its fragment)', () => {
    const built = buildPromptContent(input, { embeddedContext: true });
    assert.deepEqual(types(built.blocks), ['text', 'resource', 'resource']);
    assert.deepEqual(built.blocks[1], { type: 'resource', resource: { uri: 'file:///w/src/a.ts', text: 'const a = 1;\n' } });
    assert.deepEqual(built.blocks[2], { type: 'resource', resource: { uri: 'file:///w/b.ts#L2-L3', text: 'two\nthree' } });
    assert.deepEqual(built.dropped, ['image shot.png']);
  });

  it('embeddedContext without readable text falls back to a link; all capabilities send everything', () => {
    const unreadable = buildPromptContent({ text: 'x', mentions: [{ uri: 'file:///w/big.bin', label: 'big.bin' }], images: [] }, { embeddedContext: true });
    assert.deepEqual(unreadable.blocks[1], { type: 'resource_link', uri: 'file:///w/big.bin', name: 'big.bin' });
    const all = buildPromptContent(input, { image: true, audio: true, embeddedContext: true });
    assert.deepEqual(types(all.blocks), ['text', 'resource', 'resource', 'image']);
  });

  it('leaves out empty text, repeats of one mention, and fences text that holds backticks', () => {
    const built = buildPromptContent(
      {
        text: '  ',
        mentions: [
          { uri: 'file:///w/a.ts', label: 'a.ts' },
          { uri: 'file:///w/a.ts', label: 'a.ts' },
          { uri: 'file:///w/c.md', label: 'c.md#L1', range: { start: 1, end: 1 }, text: '```js\nx\n```' },
        ],
        images: [],
      },
      {},
    );
    assert.deepEqual(types(built.blocks), ['resource_link', 'resource_link', 'text']);
    assert.equal(built.blocks[1].type === 'resource_link' && built.blocks[1].uri, 'file:///w/c.md#L1');
    assert.equal(built.blocks[2].type === 'text' && built.blocks[2].text, 'c.md#L1:\n````\n```js\nx\n```\n````');
    assert.equal(mentionUri({ uri: 'file:///w/a.ts#old', range: { start: 4, end: 9 } }), 'file:///w/a.ts#L4-L9');
  });
});

describe('restrictToCapabilities (the last guard on the host)', () => {
  const blocks: ContentBlock[] = [
    { type: 'text', text: 'hi' },
    { type: 'resource_link', uri: 'file:///w/a.ts', name: 'a.ts' },
    { type: 'image', data: 'aGk=', mimeType: 'image/png' },
    { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'file:///w/dir/b%20c.ts#L1-L2', text: 'x' } },
  ];

  it('keeps only the baseline for an agent without capabilities, turning resources into links', () => {
    assert.deepEqual(restrictToCapabilities(blocks, {}), [
      blocks[0],
      blocks[1],
      { type: 'resource_link', uri: 'file:///w/dir/b%20c.ts#L1-L2', name: 'b c.ts' },
    ]);
  });

  it('lets each capability through on its own', () => {
    assert.deepEqual(types(restrictToCapabilities(blocks, { image: true })), ['text', 'resource_link', 'image', 'resource_link']);
    assert.deepEqual(types(restrictToCapabilities(blocks, { audio: true })), ['text', 'resource_link', 'audio', 'resource_link']);
    assert.deepEqual(types(restrictToCapabilities(blocks, { embeddedContext: true })), ['text', 'resource_link', 'resource']);
    assert.deepEqual(restrictToCapabilities(blocks, { image: true, audio: true, embeddedContext: true }), blocks);
  });

  it('drops block types it does not know', () => {
    const odd = [{ type: '_custom', x: 1 } as unknown as ContentBlock, blocks[0]];
    assert.deepEqual(restrictToCapabilities(odd, { image: true, audio: true, embeddedContext: true }), [blocks[0]]);
  });

  it('reads prompt capabilities leniently from the initialize answer', () => {
    assert.deepEqual(promptCapabilitiesOf({ agentCapabilities: { promptCapabilities: { image: true, embeddedContext: 'yes' } } }), {
      image: true,
      audio: false,
      embeddedContext: false,
    });
    assert.deepEqual(promptCapabilitiesOf(undefined), { image: false, audio: false, embeddedContext: false });
    assert.deepEqual(promptCapabilitiesOf({ agentCapabilities: null }), { image: false, audio: false, embeddedContext: false });
  });
});

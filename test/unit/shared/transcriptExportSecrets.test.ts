import * as assert from 'node:assert/strict';
import { addUserMessage, applySessionUpdate, createSessionState } from '../../../src/shared/transcript/reducer';
import { MASK } from '../../../src/shared/text/secrets';
import { transcriptToMarkdown } from '../../../src/shared/transcript/transcriptExport';

describe('transcript export: secrets are masked', () => {
  it('masks keys and tokens in user text, agent text and tool output', () => {
    const state = createSessionState('s-secrets');
    addUserMessage(state, [{ type: 'text', text: 'use OPENAI_API_KEY=abcdefgh12345678 please' }]);
    applySessionUpdate(state, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Set Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig' } }, 0, () => undefined);
    applySessionUpdate(
      state,
      { sessionUpdate: 'tool_call', toolCallId: 't', title: 'env', kind: 'execute', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345' } }] },
      0,
      () => undefined,
    );
    const markdown = transcriptToMarkdown(state);
    assert.doesNotMatch(markdown, /abcdefgh12345678|eyJhbGciOiJIUzI1NiJ9|ghp_0123456789/);
    assert.ok(markdown.includes(`OPENAI_API_KEY=${MASK}`), markdown);
    assert.ok(markdown.includes(`Bearer ${MASK}`), markdown);
  });
});

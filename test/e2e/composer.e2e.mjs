// The composer in the real workbench with scripted agents that say back what they received: slash command
// completion, @-mentions of workspace files, a pasted image, the mode and config pickers, the queue of messages
// written while the agent works, and digits answering a permission prompt.
//
// DOM contract used here (besides chat-panel.e2e.mjs's): the completion list `[data-completion="command"|"file"]`
// with `[role="option"]`s, mention chips `[data-mention="<label>"]`, image thumbnails `.image-thumb`, the command
// hint `.composer__ghost-hint`, pickers `[data-config-id]` with `data-current` (the session's value), queued
// messages `[data-queued-id]`, and the number on a permission option's button `.permission__number`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { waitForAttribute, waitForInputValue, waitForLocator } from '../harness/waits.mjs';
import { chatWebviewHost, openComposer, runFromCommandPalette } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';

/** A 2x2 PNG (red, green, blue, white). */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=';

function scriptedAgent(scenario) {
  return scriptedAgentSettings(scenario);
}

/** Opens the chat and waits for a ready agent with a session (the view starts one when it opens). */
function agentSaid(transcript, pattern) {
  return transcript.locator('[data-entry-kind="agent"]').filter({ hasText: pattern }).first();
}

/** Opens a workspace file with Quick Open (F1, the file's name without ">", Enter), as a person would. */
async function openFile(page, name) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor();
  await input.fill(name);
  await waitForLocator(page.locator('.quick-input-widget .quick-input-list .monaco-list-row.focused', { hasText: name }), `${name} in Quick Open`);
  await input.press('Enter');
  const tab = page.locator('.tabs-container .tab.active', { hasText: name });
  await waitForLocator(tab, `the editor of ${name}`);
}

async function screenshot(page, name) {
  await page.screenshot({ path: path.join(e2eArtifactsDir, `${name}.png`) });
}

export const tests = [
  {
    name: 'composer: "/" offers the slash commands, Tab completes one, its input hint shows, the agent gets "/name ..."',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.pressSequentially('/we');
      const options = chat.locator('[data-completion="command"] [role="option"]');
      await waitForLocator(options.first(), 'the slash command list');
      assert.deepEqual(await options.locator('.completion__primary').allInnerTexts(), ['/web']);
      assert.match(await options.first().innerText(), /Search the web for information/);
      await input.press('Backspace');
      await input.press('Backspace');
      await waitForLocator(options.nth(2), 'all three commands for "/"');
      await input.press('ArrowDown');
      await input.press('ArrowUp');
      await input.press('ArrowUp');
      await waitForAttribute(options.nth(2), 'aria-selected', 'true', 'Up from the first option wrapping to the last');
      await input.pressSequentially('we');
      await screenshot(page, 'composer-slash-list');
      await input.press('Escape');
      await waitForLocator(chat.locator('[data-completion]'), 'the list closed by Escape', { state: 'detached' });
      await input.pressSequentially('b');
      await waitForLocator(options.first(), 'the list back once the query changed');
      await input.press('Tab');
      await waitForInputValue(input, '/web ', 'Tab completing the command');
      await waitForLocator(chat.locator('[data-completion]'), 'the list closed after completing', { state: 'detached' });
      const hint = chat.locator('.composer__ghost-hint');
      await waitForLocator(hint, 'the command input hint');
      assert.equal(await hint.innerText(), 'query to search for');
      await screenshot(page, 'composer-slash-hint');
      await input.pressSequentially('agent client protocol');
      await waitForLocator(hint, 'the hint gone once the argument is written', { state: 'detached' });
      await input.press('Enter');
      await waitForLocator(agentSaid(transcript, 'Received: /web agent client protocol'), 'the agent saying back "/web agent client protocol"');
    },
  },
  {
    name: 'composer: "@" opens the file picker, Enter inserts a mention, the agent receives the file as a link',
    settings: scriptedAgent('composer'),
    async run({ page, workspace }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.pressSequentially('Look at @hel');
      const options = chat.locator('[data-completion="file"] [role="option"]');
      await waitForLocator(options.filter({ hasText: 'hello.js' }).first(), 'hello.js in the file picker');
      await screenshot(page, 'composer-mention-picker');
      await input.press('Enter');
      await waitForInputValue(input, 'Look at @hello.js ', 'Enter inserting the mention');
      await waitForLocator(chat.locator('[data-mention="hello.js"]'), 'the mention chip of hello.js');
      await input.pressSequentially('please');
      await screenshot(page, 'composer-mention-chip');
      await input.press('Enter');
      const uri = `file://${path.join(workspace, 'hello.js')}`;
      await waitForLocator(agentSaid(transcript, uri), `the agent saying back ${uri}`);
      const said = await agentSaid(transcript, uri).innerText();
      assert.match(said, /Received: Look at @hello\.js please/);
      await waitForLocator(chat.locator('[data-mention]'), 'the chip gone after sending', { state: 'detached' });
    },
  },
  {
    name: 'composer: a pasted image shows as a removable thumbnail and reaches an agent that accepts images',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      const paste = () =>
        input.evaluate((element, data) => {
          const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], 'dots.png', { type: 'image/png' }));
          element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        }, PNG_BASE64);
      await paste();
      await paste();
      const thumbs = chat.locator('.image-thumb');
      await waitForLocator(thumbs.nth(1), 'two thumbnails');
      await thumbs.nth(1).getByRole('button').click();
      await waitForLocator(thumbs.nth(1), 'the second thumbnail removed', { state: 'detached' });
      await input.pressSequentially('what is this');
      await screenshot(page, 'composer-image-thumbnail');
      await input.press('Enter');
      const bytes = Buffer.from(PNG_BASE64, 'base64').length;
      await waitForLocator(agentSaid(transcript, `image image/png ${bytes} bytes`), 'the agent saying back one image');
      assert.equal(await agentSaid(transcript, 'image image/png').innerText().then((t) => t.split('image image/png').length - 1), 1);
    },
  },
  {
    name: 'composer: config option pickers (a select and a switch) change the session; modes are not shown beside them',
    settings: scriptedAgent('composer-config'),
    async run({ page }) {
      const { chat } = await openComposer(page);
      const model = chat.locator('select[data-config-id="model"]');
      await waitForLocator(model, 'the model picker');
      const order = await chat.locator('.pickers [data-config-id]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-config-id')));
      assert.deepEqual(order, ['mode', 'model', 'brave'], 'mode and model first, by category');
      assert.equal(await chat.locator('[data-config-id="(mode)"]').count(), 0, 'config options replace the mode picker');
      await model.selectOption('deep');
      await waitForLocator(chat.locator('select[data-config-id="model"][data-current="deep"]'), 'the session on the deep model');
      const brave = chat.locator('[role="switch"][data-config-id="brave"]');
      assert.equal(await brave.getAttribute('aria-checked'), 'false');
      await brave.click();
      await waitForLocator(chat.locator('[role="switch"][data-config-id="brave"][aria-checked="true"]'), 'brave mode on once the agent took it');
      await screenshot(page, 'composer-config-pickers');
    },
  },
  {
    name: 'composer: the mode picker switches the session mode',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat } = await openComposer(page);
      const mode = chat.locator('select[data-config-id="(mode)"]');
      await waitForLocator(mode, 'the mode picker');
      assert.equal(await mode.getAttribute('data-current'), 'ask');
      await mode.selectOption('code');
      await waitForLocator(chat.locator('select[data-config-id="(mode)"][data-current="code"]'), 'the session in Code mode');
    },
  },
  {
    name: 'composer: a message written while the agent works is queued and sent after; digits answer the permission prompt',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.fill('permission please');
      await input.press('Enter');
      const prompt = transcript.locator('[data-permission-request]');
      await waitForLocator(prompt, 'the permission prompt');
      assert.deepEqual(await prompt.locator('.permission__number').allInnerTexts(), ['1', '2']);
      const focused = await prompt.evaluate((element) => element.contains(document.activeElement));
      assert.ok(!focused, 'the prompt did not take the focus');

      await input.click();
      await input.fill('second message');
      await input.press('Enter');
      const queued = chat.locator('[data-queued-id]');
      await waitForLocator(queued.filter({ hasText: 'second message' }), 'the queued message under the composer');
      // The box empties once the host says the message is queued (it may come just after the queue is drawn).
      await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the box free for the next message');
      await input.fill('third message');
      await chat.locator('[data-action="queue"]').click();
      await waitForLocator(queued.nth(1), 'two queued messages');
      await queued.nth(1).getByRole('button', { name: 'Remove queued message' }).click();
      await waitForLocator(queued.nth(1), 'the third message removed from the queue', { state: 'detached' });
      await screenshot(page, 'composer-queue');

      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the prompt accepting answers');
      await prompt.locator('button').first().focus();
      await page.keyboard.press('2');
      await waitForLocator(agentSaid(transcript, 'Permission answered: reject.'), 'the prompt answered with option 2 (reject)');
      await waitForLocator(agentSaid(transcript, 'Received: second message'), 'the queued message sent after the turn');
      await waitForLocator(queued, 'the queue emptied', { state: 'detached' });
      assert.equal(await agentSaid(transcript, 'third message').count(), 0, 'the removed message was not sent');
    },
  },
  {
    name: 'composer: typed fast while an answer streams in, Enter right after the last key queues every character',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.fill('stream a long answer');
      await input.press('Enter');
      await waitForLocator(transcript.locator('[data-entry-kind="agent"]', { hasText: 'word 200' }), 'the answer streaming in');
      // The chat draws a frame for every batch of words; keys come as fast as a person's last key and Enter can.
      const typed = ['also run the linter', 'then fix what it finds', 'and tell me which files changed'];
      const queued = chat.locator('[data-queued-id]');
      for (const [i, text] of typed.entries()) {
        await input.pressSequentially(text);
        await input.press('Enter');
        await waitForLocator(queued.nth(i), `queued message ${i + 1}`);
        assert.equal(await queued.nth(i).locator('.prompt-queue__text').innerText(), text, 'the message queued whole, its last key too');
        await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the box free for the next message');
      }
      await screenshot(page, 'composer-typed-while-streaming');
      await chat.locator('[data-action="stop"]').click();
      await waitForLocator(chat.locator('[data-action="stop"]'), 'the turn stopped', { state: 'detached' });
    },
  },
  {
    name: 'composer: "Add Selection to Prompt" while the chat is hidden adds the mention when the chat shows',
    settings: scriptedAgent('composer'),
    async run({ page }) {
      const { chat, input } = await openComposer(page);
      await openFile(page, 'hello.js');
      // The chat goes out of sight with the side bar; its webview is kept (it says "ready" once, not again).
      await runFromCommandPalette(page, 'View: Close Primary Side Bar');
      await waitForLocator(chatWebviewHost(page), 'the chat hidden with the side bar', { state: 'hidden' });
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.click();
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('Shift+ArrowDown');
      await page.keyboard.press('Shift+ArrowDown');
      await runFromCommandPalette(page, 'ACP: Add Selection to Prompt');
      // The command brings the chat up; the mention it added while the chat was hidden is in the draft.
      await waitForLocator(chatWebviewHost(page), 'the chat shown again');
      await waitForLocator(chat.locator('[data-mention="hello.js#L1-L2"]'), 'the mention chip of lines 1-2 of hello.js');
      assert.match(await input.inputValue(), /@hello\.js#L1-L2/);
      await screenshot(page, 'composer-selection-while-hidden');
    },
  },
  {
    name: 'composer: what the turn did while the chat was hidden is in the transcript when the chat shows again',
    settings: scriptedAgent('cancel'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.fill('start the long task');
      await input.press('Enter');
      const card = transcript.locator('[data-entry-kind="tool_call"]').filter({ hasText: 'Long task' });
      await waitForLocator(card, 'the running tool call');
      await runFromCommandPalette(page, 'View: Close Primary Side Bar');
      await waitForLocator(chatWebviewHost(page), 'the chat hidden with the side bar', { state: 'hidden' });
      // While the chat is hidden, the turn is cancelled from the palette: the agent fails its tool call and says more.
      await runFromCommandPalette(page, 'ACP: Cancel Turn');
      await runFromCommandPalette(page, 'ACP: Open Chat');
      await waitForLocator(chatWebviewHost(page), 'the chat shown again');
      await waitForLocator(agentSaid(transcript, 'after cancel'), 'what the agent said after the cancel');
      await waitForLocator(card.filter({ hasText: 'Stopped: the turn was cancelled.' }), 'the tool call as it ended');
      await screenshot(page, 'composer-caught-up-after-hidden');
    },
  },
];

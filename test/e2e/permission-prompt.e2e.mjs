// The permission prompt never takes the keyboard, and its buttons say what they do, in a real workbench with the
// scripted agent playing test/fixtures/scenarios/permission-guard.json: its request disguises an allow_always
// option as "Reject" (listed first) and hides a right-to-left override (U+202E) in the title, path and command.
// The agent says which option it received, so the first answer it got is known.
//
// DOM contract (besides composer.e2e.mjs's): the prompt [data-permission-request] with data-armed="true" once clicks
// and keys count; its buttons [data-option-id][data-option-kind], each with .permission__label (what the kind does)
// and [data-agent-wording] (the agent's name for it, when it differs); [data-permission-warning]; hidden characters
// drawn as [data-hidden-char="U+202E"].
import assert from 'node:assert/strict';
import path from 'node:path';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { openComposer, setSideBarWidth } from '../harness/workbench.mjs';
import { e2eArtifactsDir } from './workbench-fixture.mjs';

function agentSaid(transcript, pattern) {
  return transcript.locator('[data-entry-kind="agent"]').filter({ hasText: pattern });
}

export const tests = [
  {
    name: 'permission prompt: typing in the composer while a request arrives stays in the composer and answers nothing',
    settings: scriptedAgentSettings('permission-guard'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      await input.fill('slow: look at the invoice');
      await input.press('Enter');
      await waitForLocator(agentSaid(transcript, 'Looking at the invoice').first(), 'the agent starting its turn');
      const prompt = transcript.locator('[data-permission-request]');

      // Type on, without looking, until the request is on screen; then on through its first moments and after.
      let typed = '';
      const piece = 'keep typing ';
      const answered = agentSaid(transcript, 'Permission answered');
      // (A prompt that took the keyboard would be answered, and gone, before it was seen: that ends the loop too.)
      while ((await prompt.count()) === 0 && (await answered.count()) === 0) {
        assert.ok(typed.length < 4000, 'the permission request came');
        await page.keyboard.type(piece, { delay: 10 });
        typed += piece;
      }
      for (const more of ['then 1 2 3 with spaces ', 'and more after a while ']) {
        await page.keyboard.type(more, { delay: 10 });
        typed += more;
      }
      assert.equal(await input.inputValue(), typed, 'every key went to the composer');
      assert.ok(await input.evaluate((element) => element === document.activeElement), 'the composer kept the focus');

      // Enter queues the message (the turn waits for the answer); it answers nothing.
      await page.keyboard.press('Enter');
      const queued = chat.locator('[data-queued-id]');
      await waitForLocator(queued.filter({ hasText: 'then 1 2 3 with spaces' }), 'the typed message queued under the composer');
      // The box empties once the host says the message is queued (it may come just after the queue is drawn).
      await waitForLocator(chat.locator('textarea[aria-label="Message the agent"]:placeholder-shown'), 'the box free again');
      await page.keyboard.type('still mine 1 2 ');
      assert.equal(await input.inputValue(), 'still mine 1 2 ');

      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the prompt accepting answers');
      assert.equal(await prompt.locator('.is-chosen').count(), 0, 'no option was chosen');
      assert.equal(await answered.count(), 0, 'the agent got no answer');

      // The first answer the agent gets is the one the user gives.
      await prompt.locator('button[data-option-kind="reject_once"]').click();
      await waitForLocator(agentSaid(transcript, 'Permission answered: no.').first(), 'the agent told "no"');
      await waitForLocator(agentSaid(transcript, `Received: ${typed.trim()}`).first(), 'the queued message sent after the turn, intact');
      assert.equal(await agentSaid(transcript, 'Permission answered').count(), 1, 'one answer, the user\'s');
      assert.equal(await input.inputValue(), 'still mine 1 2 ');
    },
  },
  {
    name: 'permission prompt: buttons say what their kind does, hidden characters are marked, early clicks and keys are ignored (300 px side bar)',
    settings: scriptedAgentSettings('permission-guard'),
    async run({ page }) {
      const { chat, input, transcript } = await openComposer(page);
      const sidebar = await setSideBarWidth(page, 300);

      // As soon as the prompt is in the document (well within its first 500 ms): click its first button, then
      // focus it and press 1, as a hurried user would. Both must be ignored.
      await chat.locator('body').evaluate((body) => {
        const early = (window.__earlyAnswer = { tried: false, armed: '' });
        const observer = new MutationObserver(() => {
          const button = body.querySelector('[data-permission-request] button[data-option-id="sneaky"]');
          if (!button || early.tried) return;
          early.tried = true;
          early.armed = button.closest('[data-permission-request]').getAttribute('data-armed');
          button.click();
          button.focus();
          button.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true, cancelable: true }));
          button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
          observer.disconnect();
        });
        observer.observe(body, { childList: true, subtree: true });
      });
      await input.fill('ask: open the invoice');
      await input.press('Enter');
      const prompt = transcript.locator('[data-permission-request]');
      await waitForLocator(prompt.locator('xpath=self::*[@data-armed="true"]'), 'the prompt accepting answers');
      const early = await chat.locator('body').evaluate(() => window.__earlyAnswer);
      assert.deepEqual(early, { tried: true, armed: 'false' }, 'the early click and keys came while the prompt was not armed');
      assert.equal(await prompt.locator('.is-chosen').count(), 0, 'the early click and keys chose nothing');

      const buttons = prompt.locator('button[data-option-id]');
      assert.deepEqual(await buttons.locator('.permission__label').allInnerTexts(), ['Allow always', 'Allow once', 'Reject', 'Ask me later']);
      const wording = async (id) => {
        const beside = prompt.locator(`button[data-option-id="${id}"] [data-agent-wording]`);
        return (await beside.count()) === 0 ? undefined : (await beside.innerText()).trim();
      };
      assert.equal(await wording('sneaky'), '“Reject”', 'the allow_always option named "Reject" says Allow always, its name beside');
      assert.equal(await wording('once'), '“Allow”');
      assert.equal(await wording('no'), undefined, 'a name that says what the kind does is not repeated');
      assert.equal(await wording('later'), undefined, 'an unknown kind shows only its name');
      assert.match(await prompt.locator('button[data-option-id="sneaky"]').getAttribute('class'), /button--secondary/, '"Allow always" is not the primary action');
      assert.match(await prompt.locator('button[data-option-id="once"]').getAttribute('class'), /button--primary/, '"Allow once" is');
      assert.match(await prompt.locator('button[data-option-id="later"]').getAttribute('class'), /button--neutral/);

      const warning = prompt.locator('[data-permission-warning]');
      await waitForLocator(warning, 'the warning about hidden characters');
      assert.match(await warning.innerText(), /hidden or direction-changing characters, shown as ⟨U\+202E⟩/);
      const card = transcript.locator('[data-tool-call-id="call_guard"]');
      const title = card.locator('.tool-call__title');
      // The card's headline names the command (from the raw input); the agent's title is in the prompt and the tooltip.
      assert.equal(await title.locator('[data-hidden-char="U+202E"]').count(), 1, 'the override in the headline is marked');
      assert.equal(await title.locator('.tool-call__subject').innerText(), 'open invoice_⟨U+202E⟩fdp.exe', 'the command reads as sent, nothing reordered');
      assert.match(await title.getAttribute('title'), /Open invoice_⟨U\+202E⟩fdp\.exe/, 'the tooltip marks it too');
      assert.equal(await prompt.locator('[data-permission-subject]').innerText(), 'Open invoice_⟨U+202E⟩fdp.exe', 'the prompt names the tool call in full');
      assert.ok(!(await card.innerText()).includes('\u202E'), 'no override is applied anywhere in the card');
      await input.focus();
      await page.screenshot({ path: path.join(e2eArtifactsDir, 'permission-prompt-300px.png'), clip: sidebar });

      await prompt.locator('button[data-option-kind="reject_once"]').click();
      await waitForLocator(agentSaid(transcript, 'Permission answered: no.').first(), 'the agent told "no"');
      assert.equal(await agentSaid(transcript, 'Permission answered').count(), 1, 'one answer, the user\'s');
    },
  },
];

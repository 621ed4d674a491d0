// Elicitations in the real chat panel, with the scripted agent playing test/fixtures/scenarios/elicitation.json
// (the prompt names the case; the agent says what it got back).
//
// DOM contract: an elicitation is [data-entry-kind="elicitation"][data-elicitation-mode] in the transcript, with
// inputs [data-field=<property>], problems [data-field-problem=<property>], buttons [data-action=accept|decline|
// cancel]; URL mode shows the address in [data-elicitation-url] and the site in [data-elicitation-host]; once
// answered the entry carries data-elicitation-outcome.
import assert from 'node:assert/strict';
import { scriptedAgentSettings } from '../harness/scripted-agent-settings.mjs';
import { waitForLocator } from '../harness/waits.mjs';
import { chatFrame, openChatView } from '../harness/workbench.mjs';

const AUTH_URL = 'https://agent.example.invalid/connect?elicitationId=oauth-1';

async function send(chat, text) {
  const input = chat.locator('textarea[aria-label="Message the agent"]');
  await waitForLocator(input, 'the message box');
  await input.fill(text);
  await waitForLocator(chat.locator('button[data-action="send"]:enabled'), 'the Send button enabled (the agent is ready)');
  await input.press('Enter');
}

async function agentSays(chat, text) {
  await waitForLocator(chat.locator('[role="log"] [data-entry-kind="agent"]').filter({ hasText: text }).last(), `the agent saying "${text}"`);
  await waitForLocator(chat.locator('[data-action="send"]'), 'the Send button back (the turn ended)');
}

export const tests = [
  {
    name: 'elicitation: a form is filled in with the keyboard, checked, and its answer reaches the agent',
    settings: scriptedAgentSettings('elicitation'),
    async run({ page }) {
      await openChatView(page);
      const chat = chatFrame(page);
      await send(chat, 'fill the form');
      const form = chat.locator('[data-entry-kind="elicitation"][data-elicitation-mode="form"]');
      await waitForLocator(form, 'the form in the transcript');
      await waitForLocator(form.getByText('How should I set up the project?'), "the agent's message");
      // Labels name the inputs; defaults are filled in.
      const name = form.getByLabel('Project name (required)');
      assert.equal(await form.getByLabel('Port (required)').inputValue(), '3000');
      assert.equal(await form.getByLabel('Strategy (required)').inputValue(), 'balanced');
      assert.equal(await form.getByLabel('Enable logging').isChecked(), true);
      // The form leaves the focus in the composer; click the first field, type a name the pattern refuses and
      // submit with Enter.
      await waitForLocator(chat.locator('#composer-input:focus'), 'the focus still in the composer');
      await name.click();
      await name.fill('');
      await page.keyboard.type('Bad Name');
      await page.keyboard.press('Enter');
      await waitForLocator(form.locator('[data-field-problem="name"]'), 'the problem shown under the name');
      assert.equal(await name.getAttribute('aria-invalid'), 'true');
      assert.equal(await form.getAttribute('data-elicitation-outcome'), null, 'nothing was sent');
      await name.fill('my-app');
      await form.getByLabel('Port (required)').fill('8080');
      await form.getByLabel('Strategy (required)').selectOption('conservative');
      await form.getByLabel('Enable logging').uncheck();
      await form.locator('button[data-action="accept"]').click();
      await agentSays(chat, 'Got: {"name":"my-app","strategy":"conservative","port":8080,"logging":false}');
      await waitForLocator(chat.locator('[data-entry-kind="elicitation"][data-elicitation-outcome="accept"]'), 'the form marked as sent');
    },
  },
  {
    name: 'elicitation: a URL is shown in full and opens nothing until Open is pressed; Decline tells the agent',
    settings: scriptedAgentSettings('elicitation'),
    async run({ page, context }) {
      const fetched = [];
      await context.route((url) => url.hostname === 'agent.example.invalid', (route) => {
        fetched.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>connect</title>ok' });
      });
      const opened = [];
      context.on('page', (newPage) => opened.push(newPage));
      await openChatView(page);
      const chat = chatFrame(page);

      await send(chat, 'open the url');
      let prompt = chat.locator('[data-entry-kind="elicitation"][data-elicitation-mode="url"]').last();
      await waitForLocator(prompt.locator('[data-elicitation-url]'), 'the address');
      assert.equal((await prompt.locator('[data-elicitation-url]').textContent()).trim(), AUTH_URL, 'the full address, as sent');
      assert.equal(await prompt.locator('[data-elicitation-host]').textContent(), 'agent.example.invalid');
      assert.equal(await prompt.locator(`a[href]`).count(), 0, 'the address is not a link');
      await prompt.locator('button[data-action="decline"]').click();
      await agentSays(chat, 'You declined (decline).');
      assert.deepEqual(fetched, [], 'the address was never fetched');
      assert.equal(opened.length, 0, 'no page was opened');

      await send(chat, 'open the url again');
      prompt = chat.locator('[data-entry-kind="elicitation"][data-elicitation-mode="url"]').last();
      await waitForLocator(prompt.locator('button[data-action="accept"]'), 'the Open button');
      assert.deepEqual(fetched, [], 'still nothing fetched while the user looks at it');
      assert.equal(opened.length, 0);
      const newPage = context.waitForEvent('page', { timeout: 30_000 });
      await prompt.locator('button[data-action="accept"]').click();
      // VS Code may ask to confirm an external site: the user says Open.
      const confirm = page.locator('.monaco-dialog-box').getByRole('button', { name: 'Open', exact: true });
      const outcome = await Promise.race([newPage.then(() => 'page'), confirm.waitFor({ timeout: 30_000 }).then(() => 'dialog')]);
      if (outcome === 'dialog') await confirm.click();
      const tab = await newPage;
      await tab.waitForLoadState('domcontentloaded').catch(() => undefined);
      assert.equal(tab.url(), AUTH_URL, 'the browser opened exactly the address shown');
      await agentSays(chat, 'You agreed to open it (accept).');
      await waitForLocator(prompt.getByText('The agent reports it is done.'), 'the completion from elicitation/complete');
    },
  },
];

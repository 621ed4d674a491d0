// The built-in Demo agent: one scripted turn, played for any prompt, that shows every feature of the chat
// panel against the open folder (thought, streamed markdown, a plan that progresses, a file read, an edit of
// acp-demo.md behind a permission request, a command) and tells the user how to set up a real agent.
// Works in any folder: an empty one gets acp-demo.md created so there is something to read.
// Note: "${...}" below are scenario template variables (plain strings, not TypeScript template literals).
import type { PlanStep, Scenario, Step } from './scenario';

type Status = 'pending' | 'in_progress' | 'completed';

function plan(read: Status, edit: Status, run: Status): PlanStep {
  return {
    plan: [
      { content: 'Read a file from this workspace', priority: 'high', status: read },
      { content: 'Add a section to acp-demo.md (with your permission)', priority: 'medium', status: edit },
      { content: 'Run `node --version`', priority: 'low', status: run },
    ],
  };
}

const thought =
  'The user wrote: "${prompt}". I am the scripted demo agent, so whatever the request, I play my script: ' +
  'introduce myself, make a plan, read a file, propose an edit, run a command, and sum up.';

const intro = [
  "## Hello! I'm the Demo agent 👋",
  '',
  "I'm a **scripted demo agent** built into this extension. There is no AI model behind me: I play the same " +
    'short script for every prompt, so you can try this panel without any account. Watch for:',
  '',
  '- **streamed text** like this message, and a *thought* just above it',
  '- a **plan** whose steps tick off as I go',
  "- **tool calls**: I'll read a file, propose an edit (you decide), and run a command",
  '',
  'To work with a real coding agent, add it to the `acp.agents` setting in your **user** settings and make it ' +
    'the default, for example:',
  '',
  '```json',
  '"acp.agents": [',
  '  {',
  '    "id": "claude",',
  '    "name": "Claude Code",',
  '    "command": "npx",',
  '    "args": ["-y", "@agentclientprotocol/claude-agent-acp"]',
  '  }',
  '],',
  '"acp.defaultAgent": "claude"',
  '```',
  '',
  'Then start a new session. Now, the demo:',
  '',
].join('\n');

const starterFile =
  '# ACP demo\n\nThis file was created by the scripted Demo agent of the ACP Client extension, ' +
  'so that an empty folder has something to read.\n';

const readStep: Step = {
  readFile: {
    path: ['README.md', 'readme.md', 'Readme.md', 'README.markdown', 'README.txt', 'README'],
    anyFile: true,
    show: 1500,
  },
  ifNone: [
    { say: "This folder has no README or other small text file, so I'll create `acp-demo.md` to have something to read.\n\n" },
    { writeFile: { path: 'acp-demo.md', content: starterFile } },
    { delayMs: 200 },
    { readFile: { path: 'acp-demo.md' } },
  ],
};

const editStep: Step = {
  writeFile: {
    path: 'acp-demo.md',
    append:
      '\n## Demo run, ${time}\n\nThe Demo agent added this section after you allowed it. ' +
      'Undo it like any other edit, or delete this file when you are done.\n',
    ask: true,
  },
  onAllow: [
    { set: { editResult: 'added a section to `acp-demo.md`' } },
    { say: 'Done: the new section is in `acp-demo.md`; the tool call above shows the diff.\n\n' },
  ],
  onReject: [
    { set: { editResult: 'nothing changed, you rejected the edit' } },
    { say: "You rejected the edit, so `acp-demo.md` stays as it was. That's fine, moving on.\n\n" },
  ],
};

const summary = [
  '### Summary',
  '',
  '- **Read:** `${file}` (${fileLines} lines)',
  '- **Edit:** ${editResult}',
  '- **Command:** `node --version` gave `${output}` (exit code ${exitCode})',
  '',
  "That's the whole script: ask me anything and I'll play it again. To get real work done, set up a real " +
    'agent in `acp.agents`.',
].join('\n');

export const demoScenario: Scenario = {
  name: 'demo',
  comment: 'The built-in Demo agent: shows every feature of the chat panel, no account needed.',
  agentInfo: { name: 'acp-demo-agent', title: 'Demo agent (scripted)', version: '0.1.0' },
  pacing: { chunk: 12, delayMs: 15 },
  turns: [
    {
      comment: 'the demo, for any prompt',
      steps: [
        { set: { file: '(nothing)', fileLines: '0', fileFirstLine: '', editResult: 'could not edit `acp-demo.md`', output: '', exitCode: '?' } },
        { think: thought, chunk: 16 },
        { delayMs: 250 },
        { say: intro },
        plan('pending', 'pending', 'pending'),
        { delayMs: 300 },
        plan('in_progress', 'pending', 'pending'),
        readStep,
        { delayMs: 250 },
        { say: 'I read `${file}`: ${fileLines} lines, starting with:\n\n> ${fileFirstLine}\n\n' },
        plan('completed', 'in_progress', 'pending'),
        { say: "Next I'd like to add a short section to `acp-demo.md` (created if missing). Nothing changes until you choose.\n\n" },
        { delayMs: 200 },
        editStep,
        plan('completed', 'completed', 'in_progress'),
        { say: 'Last, a command: `node --version`.\n\n' },
        { delayMs: 200 },
        { run: { command: 'node', args: ['--version'] } },
        { delayMs: 250 },
        plan('completed', 'completed', 'completed'),
        { say: summary },
      ],
    },
  ],
};

// The floor client of the stream benchmarks (bench/cases/stream.mjs): a webview view where the ACP chat would be,
// showing what the agent streams in the least work a chat panel can do. The host keeps no transcript: each update
// becomes a small item (a text piece of a message, or one line for a tool call or its update), items are batched
// and posted at most once per frame (~16 ms) with only what is new, consecutive pieces of one message merged into
// one: what comes after a quiet frame goes out at once (after the rest of what was read with it), what comes
// sooner waits for the next frame.
// The page (page.js) only appends. Prompts come from the page's textarea (Enter), session/load from its Load button.
const vscode = require('vscode');
const { FloorAgent } = require('./acp.js');
const { pageHtml } = require('./page.js');

const FRAME_MS = 16;

/** Collects items and posts them once per frame, after the page said it is ready. */
class Poster {
  constructor(webview) {
    this.webview = webview;
    this.items = [];
    this.timer = undefined;
    this.ready = false;
    this.lastPost = 0;
  }

  text(key, role, text) {
    const last = this.items[this.items.length - 1];
    if (last && last.k === 't' && last.m === key) last.x += text;
    else this.items.push({ k: 't', m: key, r: role, x: text });
    this.schedule();
  }

  line(text) {
    this.items.push({ k: 'l', x: text });
    this.schedule();
  }

  done(what) {
    this.items.push({ k: 'd', x: what });
    this.schedule();
  }

  schedule() {
    if (this.timer === undefined && this.ready) this.timer = setTimeout(() => this.flush(), Math.max(0, this.lastPost + FRAME_MS - Date.now()));
  }

  flush() {
    this.timer = undefined;
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.lastPost = Date.now();
    void this.webview.postMessage(items);
  }

  start() {
    this.ready = true;
    this.schedule();
  }

  dispose() {
    clearTimeout(this.timer);
  }
}

const ROLES = { agent_message_chunk: 'agent', user_message_chunk: 'user', agent_thought_chunk: 'thought' };

/** Turns session/update notifications into the poster's items. */
function updateHandler(poster) {
  let lastRole;
  let messages = 0;
  let key;
  return (update) => {
    const role = ROLES[update.sessionUpdate];
    if (role !== undefined) {
      const text = update.content && update.content.type === 'text' ? update.content.text : `[${update.content && update.content.type}]`;
      // A chunk continues the message of the same role (and messageId) before it; anything else starts a new one.
      if (role !== lastRole || (update.messageId !== undefined && update.messageId !== key)) {
        messages++;
        key = update.messageId ?? `m${messages}`;
        lastRole = role;
      }
      poster.text(`${key}/${messages}`, role, text);
      return;
    }
    lastRole = undefined;
    if (update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update') {
      const what = update.sessionUpdate === 'tool_call' ? 'tool' : 'update';
      poster.line(`${what} ${update.toolCallId}: ${update.title ?? ''} [${update.status ?? ''}]`);
    }
  };
}

class FloorView {
  constructor(view) {
    const config = vscode.workspace.getConfiguration('acpBenchFloor');
    const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
    this.loadSessionId = config.get('loadSessionId');
    this.poster = new Poster(view.webview);
    this.agent = new FloorAgent(config.get('agent'), cwd, updateHandler(this.poster));
    this.cwd = cwd;
    view.webview.options = { enableScripts: true };
    view.webview.onDidReceiveMessage((message) => void this.received(view.webview, message));
    view.webview.html = pageHtml();
    view.onDidDispose(() => this.dispose());
  }

  async received(webview, message) {
    try {
      if (message.type === 'ready') {
        this.poster.start();
        await this.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: 'bench-floor', version: '0.0.0' } });
        const created = await this.agent.request('session/new', { cwd: this.cwd, mcpServers: [] });
        this.sessionId = created.sessionId;
        void webview.postMessage([{ k: 'r' }]);
      } else if (message.type === 'prompt') {
        const result = await this.agent.request('session/prompt', { sessionId: this.sessionId, prompt: [{ type: 'text', text: message.text }] });
        this.poster.done(`prompt ${result?.stopReason ?? ''}`);
      } else if (message.type === 'load') {
        await this.agent.request('session/load', { sessionId: this.loadSessionId, cwd: this.cwd, mcpServers: [] });
        this.sessionId = this.loadSessionId;
        this.poster.done('load');
      }
    } catch (error) {
      this.poster.done(`error ${error instanceof Error ? error.message : error}`);
    }
  }

  dispose() {
    this.poster.dispose();
    this.agent.dispose();
  }
}

let views = [];

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.window.registerWebviewViewProvider(
      'acpBenchFloor.chat',
      { resolveWebviewView: (view) => void views.push(new FloorView(view)) },
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
  );
};

exports.deactivate = () => {
  for (const view of views) view.dispose();
  views = [];
};

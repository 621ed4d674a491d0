// The floor's page: a log that only grows, a textarea (Enter sends) and a Load button. Each posted batch is applied
// in one go: a text piece becomes a text node appended to its message's element (a new element when the message
// changes), a tool line a new element; then the log follows its end. `body[data-ready]` once the session exists;
// `body[data-done]` counts answered prompts and loads (`data-last` says how the last one ended).
function script() {
  const vscode = acquireVsCodeApi();
  const log = document.getElementById('log');
  const input = document.getElementById('input');
  let message;
  let messageKey;
  let done = 0;
  window.addEventListener('message', (event) => {
    if (!Array.isArray(event.data)) return;
    for (const item of event.data) {
      if (item.k === 't') {
        if (item.m !== messageKey) {
          message = document.createElement('div');
          message.className = item.r;
          log.appendChild(message);
          messageKey = item.m;
        }
        message.appendChild(document.createTextNode(item.x));
      } else if (item.k === 'l') {
        const line = document.createElement('div');
        line.className = 'tool';
        line.textContent = item.x;
        log.appendChild(line);
        messageKey = undefined;
      } else if (item.k === 'd') {
        done++;
        document.body.dataset.done = String(done);
        document.body.dataset.last = item.x;
        messageKey = undefined;
      } else if (item.k === 'r') {
        document.body.dataset.ready = 'true';
      }
    }
    log.scrollTop = log.scrollHeight;
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    vscode.postMessage({ type: 'prompt', text: input.value });
    input.value = '';
  });
  document.getElementById('load').addEventListener('click', () => vscode.postMessage({ type: 'load' }));
  vscode.postMessage({ type: 'ready' });
}

function pageHtml() {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>
html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; font: 13px sans-serif; color: var(--vscode-foreground); }
#log { flex: 1; overflow-y: auto; padding: 4px 8px; }
#log > div { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }
.user { opacity: 0.8; }
.tool { font-family: monospace; }
textarea { margin: 4px 8px; height: 3em; }
</style></head>
<body><div id="log" role="log"></div>
<textarea id="input" aria-label="Message the agent"></textarea>
<button id="load" data-action="load">Load</button>
<script>(${script.toString()})();</script>
</body></html>`;
}

module.exports = { pageHtml };

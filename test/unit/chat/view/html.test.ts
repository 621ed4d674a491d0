import assert from 'node:assert/strict';
import { contentSecurityPolicy, makeNonce, renderWebviewHtml } from '../../../../src/chat/view/html';

const input = {
  cspSource: 'https://*.vscode-cdn.net',
  nonce: 'abcDEF123_-',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview.css',
};

function cspOf(html: string): string {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(match, 'a CSP meta tag');
  return match[1];
}

describe('webview html', () => {
  it('has a strict CSP: nothing by default, nonce scripts, local styles, fonts and images', () => {
    const csp = cspOf(renderWebviewHtml(input));
    const directives = csp.split('; ');
    assert.deepEqual(directives, [
      "default-src 'none'",
      "script-src 'nonce-abcDEF123_-'",
      'style-src https://*.vscode-cdn.net',
      'font-src https://*.vscode-cdn.net',
      'img-src https://*.vscode-cdn.net data:',
    ]);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(csp, contentSecurityPolicy(input.cspSource, input.nonce));
  });

  it('loads the script with the nonce as a module and the stylesheet, with no inline script or style', () => {
    const html = renderWebviewHtml(input);
    assert.match(html, /<script type="module" nonce="abcDEF123_-" src="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/dist\/webview\.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/dist\/webview\.css">/);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.doesNotMatch(html, /<style|style="/);
    assert.match(html, /<div id="root"><\/div>/);
  });

  it('adds the codicons stylesheet when given', () => {
    const html = renderWebviewHtml({ ...input, codiconsUri: 'https://x/codicon.css' });
    assert.match(html, /<link rel="stylesheet" href="https:\/\/x\/codicon\.css">/);
  });

  it('escapes URIs in attributes', () => {
    const html = renderWebviewHtml({ ...input, scriptUri: 'https://x/a.js?"><script>alert(1)</script>' });
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    assert.match(html, /&quot;&gt;&lt;script&gt;/);
  });

  it('refuses a nonce or csp source that could break out of the policy', () => {
    assert.throws(() => renderWebviewHtml({ ...input, nonce: "x' 'unsafe-inline" }));
    assert.throws(() => renderWebviewHtml({ ...input, cspSource: "https://a; script-src 'unsafe-inline'" }));
  });

  it('makeNonce gives 32 url-safe random characters, different every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => makeNonce()));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9_-]{32}$/);
  });
});

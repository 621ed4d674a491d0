// The chat webview's HTML: a strict Content Security Policy (scripts only with this page's nonce; styles, fonts and
// images only from the extension's own resources), the bundled stylesheet and script, and a root element.
// Pure: no `vscode` import, so it is unit-tested in node.

export interface WebviewHtmlInput {
  /** `webview.cspSource`: the origin the webview's local resources are served from. */
  cspSource: string;
  /** A fresh random nonce per render (see `makeNonce`). */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  /** An extra stylesheet for codicons, when they are not bundled into `styleUri`. */
  codiconsUri?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** For a double-quoted attribute value. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `img-src ${cspSource} data:`,
  ].join('; ');
}

export function renderWebviewHtml(input: WebviewHtmlInput): string {
  const { cspSource, nonce, scriptUri, styleUri, codiconsUri } = input;
  if (!/^[A-Za-z0-9+/=_-]+$/.test(nonce)) throw new Error('renderWebviewHtml: the nonce must be base64 or hex');
  // A source list only: a `;` or `,` would start another directive or policy.
  if (/[;,\r\n]/.test(cspSource)) throw new Error('renderWebviewHtml: cspSource must be a CSP source list');
  const stylesheets = [codiconsUri, styleUri]
    .filter((uri): uri is string => uri !== undefined && uri !== '')
    .map((uri) => `<link rel="stylesheet" href="${escapeAttribute(uri)}">`)
    .join('\n    ');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta http-equiv="Content-Security-Policy" content="${escapeAttribute(contentSecurityPolicy(cspSource, nonce))}">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    ${stylesheets}
    <title>Agent chat</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" nonce="${nonce}" src="${escapeAttribute(scriptUri)}"></script>
  </body>
</html>
`;
}

/** 32 random characters (base64url of 24 random bytes) from the platform's cryptographic generator. */
export function makeNonce(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let nonce = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    nonce += alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63] + alphabet[(n >> 6) & 63] + alphabet[n & 63];
  }
  return nonce;
}

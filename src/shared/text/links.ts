// Which link targets the chat may follow, decided the same way in the webview (what becomes a link at all) and in
// the host (what it opens when the webview asks). Agent text is untrusted: anything not listed here stays text.
//   external  http:, https:, mailto:  opened with vscode.env.openExternal (VS Code's link protection applies)
//   file      file: URIs and scheme-less paths (absolute or relative to the workspace), with an optional line
//             as "#L12", "#L12-L20", "#12" or a ":12" / ":12:3" suffix; opened in an editor
// Everything else (javascript:, data:, vbscript:, command:, vscode:, in-page "#anchors", control characters,
// whitespace) is refused.

export type LinkTarget =
  | { kind: 'external'; uri: string }
  | { kind: 'file'; path: string; line?: number };

/** Longer hrefs are refused outright: no real link needs them, and the checks stay cheap. */
export const MAX_HREF_LENGTH = 4096;

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const EXTERNAL_SCHEMES = new Set(['http', 'https', 'mailto']);
// C0 controls, DEL, whitespace and the characters browsers strip or fold inside a scheme.
const FORBIDDEN = /[\u0000-\u0020\u007F-\u009F\u00A0\u2028\u2029\uFEFF]/;

export function classifyLink(href: string): LinkTarget | undefined {
  if (href.length === 0 || href.length > MAX_HREF_LENGTH || FORBIDDEN.test(href)) return undefined;
  // "hello.js:12" and "a.ts:3:5" look like a scheme and a path, but are a file (with an extension) and a line.
  if (/^[^:/?#]*\.[^:/?#]*(?::\d+){1,2}$/.test(href)) return pathTarget(href);
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase();
  // "C:/x" and "c:\x" are Windows paths, not schemes.
  if (scheme !== undefined && !(scheme.length === 1 && /^[A-Za-z]:[\\/]/.test(href))) {
    if (EXTERNAL_SCHEMES.has(scheme)) return externalTarget(href, scheme);
    if (scheme === 'file') return fileUriTarget(href);
    return undefined;
  }
  if (href.startsWith('#') || href.startsWith('//') || href.startsWith('?')) return undefined;
  return pathTarget(href);
}

function externalTarget(href: string, scheme: string): LinkTarget | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (scheme !== 'mailto' && url.hostname === '') return undefined;
  return { kind: 'external', uri: url.href };
}

function fileUriTarget(href: string): LinkTarget | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.hostname !== '' && url.hostname !== 'localhost') return undefined;
  const path = safeDecode(url.pathname);
  if (path === undefined || path === '' || path === '/') return undefined;
  // file:///C:/x → C:/x
  const withoutDriveSlash = /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
  return withLine(withoutDriveSlash, lineFromFragment(url.hash));
}

function pathTarget(href: string): LinkTarget | undefined {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt >= 0 ? href.slice(0, hashAt) : href;
  const fragmentLine = hashAt >= 0 ? lineFromFragment(href.slice(hashAt)) : undefined;
  const queryAt = beforeHash.indexOf('?');
  const rawPath = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const decoded = safeDecode(rawPath);
  if (decoded === undefined || decoded === '') return undefined;
  const suffix = /^(.*?):(\d+)(?::\d+)?$/.exec(decoded);
  if (suffix && suffix[1] !== '' && !/^[A-Za-z]$/.test(suffix[1])) return withLine(suffix[1], positiveLine(suffix[2]) ?? fragmentLine);
  return withLine(decoded, fragmentLine);
}

function withLine(path: string, line: number | undefined): LinkTarget | undefined {
  if (/[\u0000-\u001F\u007F]/.test(path)) return undefined;
  return line === undefined ? { kind: 'file', path } : { kind: 'file', path, line };
}

/** "#L12", "#L12-L20", "#L12C3", "#12" → 12 (1-based). */
function lineFromFragment(fragment: string): number | undefined {
  const match = /^#L?(\d+)(?:C\d+)?(?:-L?\d+(?:C\d+)?)?$/i.exec(fragment);
  return match ? positiveLine(match[1]) : undefined;
}

function positiveLine(digits: string): number | undefined {
  const line = Number(digits);
  return Number.isSafeInteger(line) && line >= 1 ? line : undefined;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** Raster images as data: URIs are the only images the chat shows (the CSP allows nothing remote). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/i;

export function isSafeImageSource(src: string): boolean {
  return DATA_IMAGE.test(src);
}

export const SAFE_IMAGE_MIME_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

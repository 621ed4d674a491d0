// The URL that opens the code-server workbench on a folder, with extension development paths in the payload.
//
// code-server reads `folder` and `payload` from the query. Payload paths are `vscode-remote://` URIs: the
// workbench hands them to the server, whose URI transformer maps any `vscode-remote` URI to a `file` URI by
// its path alone (the authority is not checked). We use the page's own host:port as the authority, which is
// what the workbench itself calls the remote.

/** `vscode-remote://<authority><absolute path>` for a path on the code-server machine. */
export function remoteUri(authority, absolutePath) {
  if (!absolutePath.startsWith('/')) throw new Error(`Expected an absolute path, got "${absolutePath}"`);
  return `vscode-remote://${authority}${encodeURI(absolutePath)}`;
}

/**
 * @param {{ baseUrl: string, folder: string, extensionDevelopmentPath?: string, extensionTestsPath?: string }} options
 * `baseUrl` like `http://127.0.0.1:1234`; paths absolute.
 */
export function workbenchUrl({ baseUrl, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const base = new URL(baseUrl);
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remoteUri(base.host, extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(base.host, extensionTestsPath)]);
  const query = [`folder=${queryValue(folder)}`];
  if (payload.length > 0) query.push(`payload=${queryValue(JSON.stringify(payload))}`);
  return `${base.origin}/?${query.join('&')}`;
}

/** Percent-encodes a query value but leaves `/`, `:` and `,` readable (all legal in a query). */
function queryValue(value) {
  return encodeURIComponent(value).replace(/%2F/gi, '/').replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

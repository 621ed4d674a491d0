// Line endings. Agents get text with "\n" line endings (what they write and search for); a document keeps
// its own ("\r\n" stays "\r\n"), so text going into a document is converted to the document's EOL first.
// VS Code treats a lone "\r" as a line break too, so it is converted as well.

export type Eol = '\n' | '\r\n';

/** The text with every line break as "\n". Cheap when there is no "\r". */
export function toLf(text: string): string {
  if (!text.includes('\r')) return text;
  // A plain-string replaceAll is the fastest pass over CRLF text; lone CRs are rare and get a second one.
  const lf = text.replaceAll('\r\n', '\n');
  return lf.includes('\r') ? lf.replace(/\r/g, '\n') : lf;
}

/** The text with every line break as `eol`. */
export function toEol(text: string, eol: Eol): string {
  return eol === '\n' ? toLf(text) : text.replace(/\r\n|\r|\n/g, '\r\n');
}

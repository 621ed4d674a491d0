// What the user is shown about a URL-mode elicitation's address before they consent to open it: the site (the
// host as the browser will resolve it, Punycode and all, so look-alike letters cannot pass for another name) and
// warnings for what deserves a second look. Only http and https addresses can be opened. Pure: no vscode, no node.

export interface UrlReview {
  /** The address can be opened (it parses and is http or https). */
  openable: boolean;
  /** The host as resolved (IDNs in their xn-- form); empty when the address does not parse. */
  host: string;
  warnings: string[];
}

export function reviewUrl(raw: string): UrlReview {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { openable: false, host: '', warnings: ['This is not a valid web address, so it cannot be opened.'] };
  }
  const warnings: string[] = [];
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (!web) warnings.push(`Only web addresses (https) can be opened from here; this one is "${url.protocol}".`);
  if (url.protocol === 'http:') warnings.push('The connection is not encrypted (http, not https).');
  if (url.hostname.split('.').some((label) => label.startsWith('xn--')) || /[^\x20-\x7e]/.test(raw)) {
    warnings.push('The address contains non-ASCII or Punycode characters: check that the site is the one you expect.');
  }
  if (url.username !== '' || url.password !== '') warnings.push('The address carries a user name or password.');
  return { openable: web, host: url.hostname, warnings };
}

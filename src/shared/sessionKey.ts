// The one identity of an open session in this client: minted by the client (`s1`, `s2`, ...), never reused in a
// window, unlike the agent's own session id (two agents may both call a session "1", and a session brought back
// after a crash keeps its agent's id). The UI, the features and the notifiers name sessions by it; the keys of a
// session's pending requests derive from it (`s3/p1`, `s3/el2`), so they are unique across sessions too.

export type SessionKey = string & { readonly __sessionKey: true };

const SESSION_KEY = /^s[1-9][0-9]{0,9}$/;

/** Mints session keys: one counter per window (per registry). */
export class SessionKeys {
  private counter = 0;

  next(): SessionKey {
    return `s${++this.counter}` as SessionKey;
  }
}

/** A session key as the webview (untrusted) sends it back, or undefined when it is not one. */
export function parseSessionKey(value: unknown): SessionKey | undefined {
  return typeof value === 'string' && SESSION_KEY.test(value) ? (value as SessionKey) : undefined;
}

/** The key of a session's pending request: `<sessionKey>/<kind><n>`. */
export function requestKeyOf(sessionKey: SessionKey, local: string): string {
  return `${sessionKey}/${local}`;
}

/** The session a request key belongs to, or undefined when it is not a derived key. */
export function sessionKeyOfRequest(requestKey: string): SessionKey | undefined {
  const slash = requestKey.indexOf('/');
  return slash < 0 ? undefined : parseSessionKey(requestKey.slice(0, slash));
}

// A host (session state + coalescer) and a view (store) joined by a message queue the test controls: the delta
// protocol's tests drive both ends through it.
import assert from 'node:assert/strict';
import type { SessionState, TranscriptEntry } from '../../../src/shared/transcript/model';
import { maskValue, type SecretRules } from '../../../src/shared/text/secretText';
import { ADDRESS_KEYS } from '../../../src/shared/transcript/entrySecrets';
import { MaskedView } from '../../../src/chat/view/maskedView';
import { createSessionState } from '../../../src/shared/transcript/reducer';
import type { SessionKey } from '../../../src/shared/sessionKey';
import type { HostToWebview } from '../../../src/shared/protocol/webviewProtocol';
import { FRAME_MS, PatchCoalescer } from '../../../src/chat/view/patchCoalescer';
import { ChatStore } from '../../../webview-ui/src/store';
import { asHostMessage } from '../../../webview-ui/src/hostMessage';
import { packEntry, packForView, unpackEntry } from '../../../src/shared/protocol/entryWire';
import { ManualScheduler } from './manualScheduler';
import { acknowledgePosts } from '../../../webview-ui/src/postAcks';

const KEY = 's1' as SessionKey;

export type LinkEvent = 'none' | 'frame' | 'deliver' | 'swap' | 'attach';

/** A post that carries only deltas (two of them may be swapped in flight: a reordering the view must survive). */
export function onlyDeltas(message: HostToWebview): boolean {
  return message.type === 'entries' && !message.upserts && !message.header && message.totalEntries === undefined;
}

export class Link {
  readonly state: SessionState = createSessionState('sid');
  readonly scheduler = new ManualScheduler();
  readonly inFlight: HostToWebview[] = [];
  /** postMessage copies the message when it is posted (structured clone; JSON here, which is what it carries). */
  readonly coalescer: PatchCoalescer;
  /** Every message posted, as it travels (JSON). */
  readonly posted: string[] = [];
  readonly wanted: string[] = [];
  readonly store = new ChatStore(undefined, (sessionKey, entryId) => {
    assert.equal(sessionKey, KEY);
    this.wanted.push(entryId);
  });
  postedChars = 0;
  /** The view's acknowledgements (flow control), sent when it draws its next frame. */
  private readonly frameCallbacks: (() => void)[] = [];
  private readonly acknowledge = acknowledgePosts(
    (message) => {
      if (message.type === 'applied') this.coalescer.applied(message.seq);
    },
    (run) => this.frameCallbacks.push(run),
  );

  /** `secrets`: what the view gets is masked (maskedView.ts), as the view provider does; none by default. */
  constructor(private readonly secrets?: SecretRules) {
    const copies = secrets ? new MaskedView(() => secrets) : undefined;
    this.coalescer = new PatchCoalescer((message) => this.send(message), this.scheduler, undefined, copies);
    this.coalescer.track({ key: KEY, state: this.state });
    this.attach();
  }

  /** The view (re)attaches: a snapshot of everything, as the view provider sends it. */
  attach(): void {
    const session = { sessionKey: KEY, header: this.state.header, entries: this.state.entries.slice(), totalEntries: this.state.entries.length };
    this.send({ type: 'snapshot', agent: null, session: this.coalescer.resetTo(session) });
  }

  change(apply: (state: SessionState) => { entries: string[]; header: boolean }): void {
    this.coalescer.add(apply(this.state));
  }

  frame(): void {
    for (const run of this.frameCallbacks.splice(0)) run();
    this.scheduler.advance(FRAME_MS);
  }

  /** As the view provider posts (entries packed) and postMessage carries it. */
  send(message: HostToWebview): void {
    const json = JSON.stringify(packForView(message));
    this.postedChars += json.length;
    this.posted.push(json);
    this.inFlight.push(JSON.parse(json) as HostToWebview);
  }

  /** Delivers what is in flight, in order. */
  deliver(): void {
    for (const message of this.inFlight.splice(0)) {
      const checked = asHostMessage(message);
      assert.ok(checked, `the view takes ${JSON.stringify(message)}`);
      this.store.apply(checked);
      this.acknowledge(checked);
    }
  }

  /** The host answers the view's resend requests (as the view provider does). */
  answerResends(): void {
    for (const entryId of this.wanted.splice(0)) {
      const entry = this.state.entries.find((candidate) => candidate.id === entryId);
      if (!entry) continue;
      this.coalescer.flush();
      const shown = this.coalescer.sentWhole(entry, this.state.entries.length);
      this.send({ type: 'entries', sessionKey: KEY, upserts: [shown], totalEntries: this.state.entries.length });
    }
  }

  /** One thing happening on the link after a change: nothing, a frame, delivery (and resends), two posts swapped, a re-attach. */
  happen(event: LinkEvent): void {
    if (event === 'frame') this.frame();
    else if (event === 'deliver') {
      this.frame();
      this.deliver();
      this.answerResends();
    } else if (event === 'swap') {
      this.frame();
      const [a, b] = this.inFlight;
      if (a && b && onlyDeltas(a) && onlyDeltas(b)) this.inFlight.splice(0, 2, b, a);
    } else if (event === 'attach') this.attach();
  }

  settle(): void {
    for (let i = 0; i < 5; i++) {
      this.frame();
      this.deliver();
      this.answerResends();
    }
  }

  assertInSync(): void {
    const view = this.store.getState().session;
    assert.ok(view, 'the view shows the session');
    const secrets = this.secrets;
    const shown = (entry: TranscriptEntry): TranscriptEntry => (secrets ? maskValue(entry, secrets, ADDRESS_KEYS) : entry);
    const asViewHasThem = this.state.entries.map((entry) => unpackEntry(packEntry(shown(entry)))); // without messageIds
    assert.deepEqual(JSON.parse(JSON.stringify(view.entries)), JSON.parse(JSON.stringify(asViewHasThem)));
    const header = secrets ? new MaskedView(() => secrets).header(this.state.header) : this.state.header;
    assert.deepEqual(view.header, JSON.parse(JSON.stringify(header)));
    assert.equal(view.totalEntries, this.state.entries.length, 'the view counts the entries the host has');
  }
}


// The prompt box: Enter sends (or queues, while the agent works), Shift+Enter breaks the line, Escape stops a
// running turn. "/" at the start offers the agent's slash commands, "@" offers workspace files to mention; pasted or
// dropped images attach when the agent accepts images. The toolbar holds the session's mode and config pickers,
// and the queue shows under it. The draft survives the view being hidden or reloaded.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PROMPT_LIMITS } from '../../../src/shared/protocol/composerProtocol';
import type { SessionHeader, TurnState } from '../../../src/shared/transcript/model';
import type { AgentSummary } from '../../../src/shared/protocol/webviewProtocol';
import { canSubmit, composerHint } from '../composer/composerHint';
import { useComposerHostState, useComposerStore, useMentionInbox, usePutBack } from '../composer/composerContext';
import { mentionsInText, removeMentionToken, appendMention, withMention } from '../composer/mentions';
import { useCompletion } from '../composer/useCompletion';
import { useDraft } from '../composer/useDraft';
import { useImageDrop } from '../composer/useImageDrop';
import { commandHint } from '../composer/slashCommands';
import { useHost } from '../hostContext';
import { composerKeyAction } from '../logic/composerKeys';
import { composerPlaceholder } from '../logic/onboarding';
import { isTurnActive } from '../selectors';
import { ComposerAttachments } from './ComposerAttachments';
import { CompletionPopup, optionId } from './CompletionPopup';
import { COMPOSER_INPUT_ID } from '../ui/composerFocus';
import { ConfigPickers } from './ConfigPickers';
import { Icon } from '../ui/Icon';
import { PromptQueue } from './PromptQueue';
import { useSessionKey } from '../sessionKey';

interface ComposerProps {
  /** Why sending is not possible now; undefined when it is. */
  blocker: string | undefined;
  turn: TurnState | undefined;
  header?: SessionHeader;
  agent?: AgentSummary | null;
}

const HINT_ID = 'composer-hint';
const GHOST_ID = 'composer-ghost-hint';
const LIST_ID = 'composer-completions';

export function Composer({ blocker, turn, header, agent }: ComposerProps) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const hostState = useComposerHostState();
  const composerStore = useComposerStore();
  const [draft, setDraft] = useDraft(host);
  /** The prompt sent and not yet on screen: the draft stays until the host says it is in the transcript. */
  const [sending, setSending] = useState<{ promptId: number; text: string } | undefined>(undefined);
  const [caret, setCaret] = useState(draft.text.length);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const input = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | undefined>(undefined);

  const running = isTurnActive(turn);
  const commands = header?.availableCommands ?? [];
  const mentions = mentionsInText(draft.text, draft.mentions);
  const hasContent = draft.text.trim() !== '' || draft.images.length > 0;
  const ready = canSubmit(blocker, running, agent?.status === 'starting') && hasContent && !sending;
  const ghost = commandHint(draft.text, commands);

  const setText = (text: string, nextCaret: number): void => {
    setDraft((d) => ({ ...d, text }));
    setCaret(nextCaret);
    pendingCaret.current = nextCaret;
  };

  const completion = useCompletion({
    text: draft.text,
    caret,
    commands,
    onText: setText,
    onMention: (mention) => setDraft((d) => ({ ...d, mentions: withMention(d.mentions, mention) })),
  });
  const images = useImageDrop({
    acceptsImages: agent?.promptCapabilities?.image === true,
    count: draft.images.length,
    onImage: (image) => setDraft((d) => (d.images.length >= PROMPT_LIMITS.images ? d : { ...d, images: [...d.images, image] })),
    onNotice: setNotice,
  });

  useLayoutEffect(() => {
    const element = input.current;
    if (element && pendingCaret.current !== undefined) {
      element.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = undefined;
    }
  });

  // Mentions added from the editor ("Add Selection to Prompt").
  useMentionInbox((fresh) => {
    let { text, mentions: made } = draft;
    for (const mention of fresh) {
      text = appendMention(text, mention.label);
      made = withMention(made, mention);
    }
    setDraft((d) => ({ ...d, text, mentions: made }));
    setCaret(text.length);
    pendingCaret.current = text.length;
    input.current?.focus();
  });

  // "Edit" of a failed message: it comes back into the composer, replacing what is there only when that is empty.
  usePutBack((parts) => {
    const images = parts.images.map((image, i) => ({ ...image, id: `put-back-${Date.now()}-${i}` }));
    setDraft((d) => {
      const empty = d.text.trim() === '' && d.images.length === 0;
      const text = empty ? parts.text : `${parts.text}\n\n${d.text}`;
      return { text, mentions: [...parts.mentions, ...(empty ? [] : d.mentions)], images: [...images, ...(empty ? [] : d.images)] };
    });
    setCaret(parts.text.length);
    pendingCaret.current = parts.text.length;
    input.current?.focus();
  });

  // The host's receipt of the prompt sent: on screen, the draft goes (unless it was changed meanwhile); refused, it
  // stays, with the reason under it.
  useEffect(() => {
    const receipt = hostState.receipt;
    if (!receipt || !sending || receipt.promptId !== sending.promptId) return;
    setSending(undefined);
    if (!receipt.accepted) {
      setNotice(receipt.message ?? 'The message was not sent.');
      return;
    }
    setNotice(undefined);
    if (draft.text !== sending.text) return;
    setDraft(() => ({ text: '', mentions: [], images: [] }));
    setCaret(0);
  }, [hostState.receipt]);

  const send = (): void => {
    if (!ready) return;
    if (draft.text.length > PROMPT_LIMITS.textChars) {
      setNotice('The message is too long to send.');
      return;
    }
    const promptId = composerStore.nextPromptId();
    host.post({
      type: 'prompt',
      text: draft.text,
      mentions,
      images: draft.images.map(({ mimeType, data, name }) => (name ? { mimeType, data, name } : { mimeType, data })),
      promptId,
      // The session it goes to: the one shown (none yet: the host starts one).
      ...(sessionKey ? { sessionKey } : {}),
    });
    setSending({ promptId, text: draft.text });
    setNotice(undefined);
  };

  const cancel = (): void => {
    if (turn === 'running' && sessionKey) host.post({ type: 'cancel', sessionKey });
  };

  const trackCaret = (event: { currentTarget: HTMLTextAreaElement }): void => setCaret(event.currentTarget.selectionStart);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (completion.onKeyDown(event)) return;
    const action = composerKeyAction(event);
    if (action === 'send') {
      event.preventDefault();
      send();
    } else if (action === 'cancel' && running) {
      event.preventDefault();
      cancel();
    }
  };

  const popup = completion.popup;
  const describedBy = [notice || blocker || running ? HINT_ID : '', ghost ? GHOST_ID : ''].filter(Boolean).join(' ');
  const hint = composerHint(blocker, running, notice);

  return (
    <div class="composer" data-sending={sending ? 'true' : undefined} onDragOver={images.onDragOver} onDrop={images.onDrop}>
      {popup ? (
        <CompletionPopup
          id={LIST_ID}
          kind={popup.kind}
          label={popup.kind === 'command' ? 'Slash commands' : 'Files to mention'}
          items={popup.items}
          active={popup.active}
          status={popup.status}
          onChoose={popup.choose}
          onHover={popup.setActive}
        />
      ) : null}
      <ComposerAttachments
        mentions={mentions}
        images={draft.images}
        onRemoveMention={(mention) =>
          setDraft((d) => ({ ...d, text: removeMentionToken(d.text, mention.label), mentions: d.mentions.filter((m) => m !== mention) }))
        }
        onRemoveImage={(id) => setDraft((d) => ({ ...d, images: d.images.filter((image) => image.id !== id) }))}
      />
      <div class="composer__field">
        <textarea
          ref={input}
          id={COMPOSER_INPUT_ID}
          class="composer__input"
          aria-label="Message the agent"
          aria-describedby={describedBy || undefined}
          aria-autocomplete="list"
          aria-controls={popup && popup.items.length > 0 ? LIST_ID : undefined}
          aria-activedescendant={popup && popup.items.length > 0 ? optionId(LIST_ID, popup.active) : undefined}
          placeholder={composerPlaceholder(agent?.name, commands.length > 0, agent?.promptCapabilities?.image === true)}
          rows={2}
          value={draft.text}
          onInput={(event) => {
            setDraft((d) => ({ ...d, text: event.currentTarget.value }));
            trackCaret(event);
            setNotice(undefined);
          }}
          onKeyDown={onKeyDown}
          onKeyUp={trackCaret}
          onClick={trackCaret}
          onPaste={images.onPaste}
        />
        {ghost ? (
          <div class="composer__ghost" aria-hidden="true">
            <span class="composer__ghost-prefix">{ghost.prefix}</span>
            <span id={GHOST_ID} class="composer__ghost-hint">
              {ghost.hint}
            </span>
          </div>
        ) : null}
      </div>
      <div class="composer__bar">
        <ConfigPickers header={header} />
        <span class="composer__spacer" />
        {running ? (
          <>
            <button
              type="button"
              class="button button--secondary"
              data-action="queue"
              disabled={!ready}
              title="Send when the agent is done (Enter)"
              onClick={send}
            >
              <Icon name="list-ordered" />
              <span>Queue</span>
            </button>
            <button
              type="button"
              class="button button--secondary"
              data-action="stop"
              aria-disabled={turn === 'cancelling' ? 'true' : undefined}
              onClick={cancel}
            >
              <Icon name="debug-stop" />
              <span>{turn === 'cancelling' ? 'Stopping…' : 'Stop'}</span>
            </button>
          </>
        ) : (
          <button type="button" class="button button--primary" data-action="send" disabled={!ready} onClick={send}>
            <Icon name="send" />
            <span>Send</span>
          </button>
        )}
      </div>
      <div id={HINT_ID} class="composer__hint" role={notice ? 'alert' : undefined}>
        {hint}
      </div>
      <PromptQueue queue={hostState.queue} />
    </div>
  );
}

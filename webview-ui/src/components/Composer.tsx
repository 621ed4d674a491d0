// The prompt box: Enter sends, Shift+Enter breaks the line, Escape stops a running turn. The draft survives the
// view being hidden or reloaded (view state), and is kept when sending is not possible right now.
import { useState } from 'preact/hooks';
import type { TurnState } from '../../../src/shared/model';
import { useHost } from '../hostContext';
import { composerKeyAction } from '../logic/composerKeys';
import { isTurnActive } from '../selectors';
import { COMPOSER_INPUT_ID } from './composerFocus';
import { Icon } from './Icon';

interface ComposerProps {
  /** Why sending is not possible now; undefined when it is. */
  blocker: string | undefined;
  turn: TurnState | undefined;
}

const HINT_ID = 'composer-hint';

export function Composer({ blocker, turn }: ComposerProps) {
  const host = useHost();
  const [text, setText] = useState(() => host.getViewState().draft);
  const running = isTurnActive(turn);
  const canSend = blocker === undefined && text.trim() !== '';

  const updateDraft = (value: string): void => {
    setText(value);
    host.setViewState({ ...host.getViewState(), draft: value });
  };

  const send = (): void => {
    if (!canSend) return;
    host.post({ type: 'prompt', text });
    updateDraft('');
  };

  const cancel = (): void => {
    if (turn === 'running') host.post({ type: 'cancel' });
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const action = composerKeyAction(event);
    if (action === 'send') {
      event.preventDefault();
      send();
    } else if (action === 'cancel' && running) {
      event.preventDefault();
      cancel();
    }
  };

  return (
    <div class="composer">
      <textarea
        id={COMPOSER_INPUT_ID}
        class="composer__input"
        aria-label="Message the agent"
        aria-describedby={blocker ? HINT_ID : undefined}
        placeholder="Message the agent (Enter to send, Shift+Enter for a new line)"
        rows={2}
        value={text}
        onInput={(event) => updateDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <div class="composer__bar">
        <span id={HINT_ID} class="composer__hint">
          {blocker ?? ''}
        </span>
        {running ? (
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
        ) : (
          <button type="button" class="button button--primary" data-action="send" disabled={!canSend} onClick={send}>
            <Icon name="send" />
            <span>Send</span>
          </button>
        )}
      </div>
    </div>
  );
}

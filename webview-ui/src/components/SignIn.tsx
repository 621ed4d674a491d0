// The agent needs the user to sign in: what it said in plain words (Markdown an agent sends is shown as words, not
// backticks), and one button per way it offers: the first is the primary action, the others secondary (a way this
// client cannot use is listed without a button). The host checks the chosen method against the agent's list.
import type { AuthPrompt } from '../../../src/shared/protocol/webviewProtocol';
import { useHost } from '../hostContext';
import { plainWords } from '../logic/spokenText';
import { Icon } from '../ui/Icon';

const KIND_ICON: Record<string, string> = { agent: 'account', env_var: 'key', terminal: 'terminal', other: 'question' };

export function SignIn({ auth }: { auth: AuthPrompt }) {
  const host = useHost();
  const pending = auth.pendingMethodId !== undefined;
  const primaryId = auth.choices.find((choice) => choice.actionable)?.methodId;
  return (
    <div class="agent-sign-in" role="alert" data-auth-required="true">
      <div class="agent-sign-in__message">
        <Icon name="account" />
        <span>{plainWords(auth.message)}</span>
      </div>
      <ul class="agent-sign-in__choices">
        {auth.choices.map((choice) => (
          <li key={choice.methodId} class="agent-sign-in__choice">
            {choice.actionable ? (
              <button
                type="button"
                class={`button ${choice.methodId === primaryId ? 'button--primary' : 'button--secondary'}`}
                data-action="sign-in"
                data-method-id={choice.methodId}
                disabled={pending}
                onClick={() => host.post({ type: 'authenticate', methodId: choice.methodId })}
              >
                <Icon name={auth.pendingMethodId === choice.methodId ? 'loading' : (KIND_ICON[choice.kind] ?? 'question')} spin={auth.pendingMethodId === choice.methodId} />
                <span>{plainWords(choice.name)}</span>
              </button>
            ) : (
              <span class="agent-sign-in__name">{plainWords(choice.name)}</span>
            )}
            {choice.description ? <div class="agent-sign-in__description">{plainWords(choice.description)}</div> : null}
            {choice.note ? <div class="agent-sign-in__note">{choice.note}</div> : null}
          </li>
        ))}
      </ul>
      {auth.error ? <div class="agent-sign-in__error">{plainWords(auth.error)}</div> : null}
    </div>
  );
}

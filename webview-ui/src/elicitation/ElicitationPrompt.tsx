// An agent's elicitation, inline in the chat: who asks and why (the agent's name, or a subagent's title in its thread,
// and the message, as plain text),
// then the form (reviewed and edited before anything is sent) or the web address (shown in full, its site
// called out, nothing fetched or opened until the user presses Open). Submit / Open accept, Decline declines,
// Cancel dismisses. Once answered, the row says how. The host checks the answer again before it is sent.
import { useContext, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ElicitationAction, ElicitationEntry } from '../../../src/shared/transcript/model';
import type { ElicitationForm } from '../../../src/shared/elicitation/elicitationForm';
import { checkForm, FieldValue, FormValues, initialValues } from '../../../src/shared/elicitation/elicitationValues';
import { reviewUrl } from '../../../src/shared/elicitation/elicitationUrl';
import { AgentNameContext } from '../agentName';
import { focusComposer } from '../ui/composerFocus';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { useHost } from '../hostContext';
import { usePromptArming } from '../hooks/usePromptArming';
import { FormFieldInput } from './ElicitationFields';
import { useSessionKey } from '../sessionKey';
import { ThreadTitle } from '../subagents/subagentScope';

const OUTCOME_TEXT: Record<ElicitationAction, string> = { accept: 'Sent.', decline: 'Declined.', cancel: 'Dismissed.' };
const URL_OUTCOME_TEXT: Record<ElicitationAction, string> = { accept: 'Opened in your browser.', decline: 'Declined.', cancel: 'Dismissed.' };

function useAnswer(entry: ElicitationEntry) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const [sent, setSent] = useState<ElicitationAction | undefined>(undefined);
  const answer = (action: ElicitationAction, values?: FormValues): void => {
    if (sent !== undefined || entry.outcome !== undefined) return;
    setSent(action);
    if (sessionKey) host.post({ type: 'elicitation', requestKey: entry.requestKey, action, ...(values ? { values } : {}), sessionKey });
  };
  return { answer, busy: sent !== undefined || entry.outcome !== undefined };
}

/**
 * A question that appears leaves the focus where it is (keys typed in the composer stay there, as for permission
 * prompts); when it goes while it holds the focus, the focus goes back to the composer.
 */
function useFocusHandBack(open: boolean) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = container.current;
    if (!open || !element) return;
    return () => {
      if (element.contains(document.activeElement)) focusComposer();
    };
  }, [open]);
  return container;
}

/** The answer buttons, which ignore clicks in their first moments on screen (as a permission prompt's do). */
function Buttons({ accept, onAnswer, disabled }: { accept: string; onAnswer(action: ElicitationAction): void; disabled: boolean }) {
  const buttons = useRef<HTMLDivElement>(null);
  const arming = usePromptArming(buttons);
  const aria = disabled || !arming.armed ? ('true' as const) : undefined;
  // A pointer click on Submit / Open too early is dropped; Enter in a field the user chose (the form's implicit
  // submission, a click with no pointer behind it) is not.
  const early = (event: MouseEvent): void => {
    if (event.detail > 0 && !arming.accepts()) event.preventDefault();
  };
  const answerIfArmed = (action: ElicitationAction): void => {
    if (arming.accepts()) onAnswer(action);
  };
  return (
    <div ref={buttons} class="elicitation__buttons" data-armed={arming.armed ? 'true' : 'false'}>
      <button type="submit" class="button button--primary" data-action="accept" aria-disabled={aria} onClick={early}>
        {accept}
      </button>
      <button type="button" class="button button--secondary" data-action="decline" aria-disabled={aria} onClick={() => answerIfArmed('decline')}>
        Decline
      </button>
      <button type="button" class="button button--neutral" data-action="cancel" aria-disabled={aria} onClick={() => answerIfArmed('cancel')}>
        Cancel
      </button>
    </div>
  );
}

function FormBody({ entry, form }: { entry: ElicitationEntry; form: ElicitationForm }) {
  const { answer, busy } = useAnswer(entry);
  const [values, setValues] = useState<FormValues>(() => initialValues(form));
  const [tried, setTried] = useState(false);
  const check = checkForm(form, values);
  const problems = tried && !check.ok ? check.errors : {};
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: Event): void => {
    event.preventDefault();
    if (busy) return;
    setTried(true);
    if (check.ok) answer('accept', values);
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset[aria-invalid="true"] input')?.focus();
  };
  const set = (name: string, value: FieldValue): void => setValues((old) => ({ ...old, [name]: value }));
  return (
    <form ref={formRef} class="elicitation__form" noValidate onSubmit={submit}>
      {form.title ? <div class="elicitation__form-title">{form.title}</div> : null}
      {form.description ? <div class="elicitation__description">{form.description}</div> : null}
      {form.fields.map((field) => (
        <FormFieldInput
          key={field.name}
          field={field}
          id={`${entry.id}-${field.name}`}
          value={values[field.name]}
          problem={problems[field.name]}
          disabled={busy}
          onChange={(value) => set(field.name, value)}
        />
      ))}
      {tried && !check.ok ? (
        <div class="elicitation__problem" role="alert">
          Please fix the fields marked above.
        </div>
      ) : null}
      <Buttons accept="Submit" onAnswer={(action) => answer(action)} disabled={busy} />
    </form>
  );
}

function UrlBody({ entry, url }: { entry: ElicitationEntry; url: string }) {
  const { answer, busy } = useAnswer(entry);
  const review = reviewUrl(url);
  const open = (event: Event): void => {
    event.preventDefault();
    if (!busy && review.openable) answer('accept');
  };
  return (
    <form class="elicitation__form" onSubmit={open}>
      {review.host ? (
        <div class="elicitation__site">
          Site: <strong data-elicitation-host>{review.host}</strong>
        </div>
      ) : null}
      <div class="elicitation__label" id={`${entry.id}-url-label`}>
        Full address (not opened until you press Open):
      </div>
      <div class="mono-block elicitation__url" data-elicitation-url aria-labelledby={`${entry.id}-url-label`}>
        <VisibleText text={url} />
      </div>
      {review.warnings.map((warning) => (
        <div key={warning} class="elicitation__warning" data-elicitation-warning>
          <Icon name="warning" /> {warning}
        </div>
      ))}
      <Buttons accept="Open in browser" onAnswer={(action) => answer(action)} disabled={busy || !review.openable} />
    </form>
  );
}

export function ElicitationPrompt({ entry }: { entry: ElicitationEntry }) {
  // A subagent's question, in its thread, is asked in the subagent's name.
  const threadTitle = useContext(ThreadTitle);
  const sessionAgent = useContext(AgentNameContext);
  const agentName = threadTitle ?? sessionAgent ?? 'The agent';
  const pending = entry.outcome === undefined;
  const container = useFocusHandBack(pending);
  const request = entry.request;
  const outcomes = request.mode === 'url' ? URL_OUTCOME_TEXT : OUTCOME_TEXT;
  return (
    <div
      ref={container}
      class={`entry elicitation${pending ? ' is-pending' : ''}`}
      role="group"
      aria-label={`${agentName} asks for input`}
      data-entry-kind="elicitation"
      data-entry-id={entry.id}
      data-elicitation-request={entry.requestKey}
      data-elicitation-mode={request.mode}
      data-elicitation-outcome={entry.outcome}
    >
      <div class="elicitation__question">
        <Icon name={request.mode === 'url' ? 'link-external' : 'question'} />
        <span>
          <strong>{agentName}</strong> {request.mode === 'url' ? 'asks you to open a web page' : 'asks'}
        </span>
      </div>
      {entry.message ? <div class="elicitation__message">{entry.message}</div> : null}
      {pending && request.mode === 'form' ? <FormBody entry={entry} form={request.form} /> : null}
      {pending && request.mode === 'url' ? <UrlBody entry={entry} url={request.url} /> : null}
      {!pending && request.mode === 'url' ? <div class="mono-block elicitation__url">{request.url}</div> : null}
      {entry.outcome ? (
        <div class="elicitation__outcome" data-elicitation-answered>
          {outcomes[entry.outcome]}
          {entry.completed ? ' The agent reports it is done.' : ''}
        </div>
      ) : null}
    </div>
  );
}

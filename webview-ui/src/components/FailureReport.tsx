// A failure as the chat shows it, wherever it happened: a plain sentence first (which agent, what failed, what to
// do), what to install when the agent's command is missing, the agent's own error and stderr tail behind "Details",
// then the actions that fit (Retry, Edit, Show agent log, Restart, Open Settings).
import { InstallHint } from './InstallHint';
import type { ComponentChildren } from 'preact';
import type { FailureView } from '../../../src/shared/protocol/startingProtocol';
import { Disclosure } from './Disclosure';
import { Icon } from '../ui/Icon';

interface FailureReportProps {
  /** Unique in the chat (keys the Details toggle). */
  id: string;
  failure: FailureView;
  children?: ComponentChildren;
}

export function FailureReport({ id, failure, children }: FailureReportProps) {
  return (
    <div class="failure" data-failure>
      <div class="failure__summary">
        <Icon name="error" />
        <span data-failure-summary>{failure.summary}</span>
      </div>
      {failure.missingCommand?.install ? <InstallHint missing={failure.missingCommand} /> : null}
      {failure.details ? (
        <Disclosure id={`${id}:details`} label="Details" class="failure__details">
          <div class="mono-block" data-failure-details>
            {failure.details}
          </div>
        </Disclosure>
      ) : null}
      {children ? <div class="failure__actions">{children}</div> : null}
    </div>
  );
}

interface ActionProps {
  action: string;
  icon: string;
  label: string;
  primary?: boolean;
  onClick: () => void;
}

/** One button of a failure's actions. */
export function FailureAction({ action, icon, label, primary, onClick }: ActionProps) {
  return (
    <button type="button" class={`button ${primary ? 'button--primary' : 'button--secondary'}`} data-action={action} onClick={onClick}>
      <Icon name={icon} />
      <span>{label}</span>
    </button>
  );
}

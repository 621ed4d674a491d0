// The agent asks before running a tool: one button per option, inline in the tool call's card. The prompt never
// takes the keyboard: it does not move the focus when it appears, so what the user types stays where they type it.
// Each button says what its option's kind does ("Allow once", "Reject", ...), with the agent's own wording beside
// it when that says something else. While the focus is in the prompt, digits 1..9 choose the option with that
// number. Clicks and keys in its first PROMPT_ARM_MS on screen are ignored (the buttons look disabled meanwhile);
// nothing is ever chosen by default. Hidden or direction-changing characters in what it shows are marked, with a
// warning; so are the different commands of a tool call whose raw input names several. After a choice the buttons stay put (aria-disabled) until the host clears it.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PendingPermission } from '../../../src/shared/transcript/model';
import { optionLabel } from '../../../src/shared/permissionOptionLabel';
import { hiddenCharsWarning, hiddenCodesIn } from '../../../src/shared/text/visibleText';
import { useHost } from '../hostContext';
import { ConflictingCommands } from './ConflictingCommands';
import { usePromptArming } from '../hooks/usePromptArming';
import { optionIndexForKey } from '../logic/permissionKeys';
import { permissionTone } from '../logic/permissionTone';
import { focusComposer } from '../ui/composerFocus';
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';
import { useSessionKey } from '../sessionKey';

interface PermissionPromptProps {
  permission: PendingPermission;
  /** The tool call's title, repeated in full in the prompt (the card's head may cut it short in a narrow side bar). */
  title?: string;
  /** What else the card shows about the request (title, paths, raw input), checked for hidden characters. */
  texts?: readonly string[];
}

export function PermissionPrompt({ permission, title = '', texts = [] }: PermissionPromptProps) {
  const host = useHost();
  const sessionKey = useSessionKey();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);
  const buttons = useRef<HTMLDivElement>(null);
  const arming = usePromptArming(buttons);

  // A layout effect: its cleanup runs while the prompt is still in the document (passive cleanups run later).
  useLayoutEffect(() => {
    const element = container.current;
    return () => {
      // The prompt goes away once answered: hand focus back to the composer rather than dropping it on the body.
      if (element?.contains(document.activeElement)) focusComposer();
    };
  }, []);

  const choose = (optionId: string): void => {
    if (chosen !== undefined || !arming.accepts()) return;
    setChosen(optionId);
    if (sessionKey) host.post({ type: 'permission', requestKey: permission.requestKey, optionId, sessionKey });
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const index = optionIndexForKey(event, permission.options.length);
    if (index === undefined) return;
    event.preventDefault();
    choose(permission.options[index].optionId);
  };

  const labels = permission.options.map(optionLabel);
  const commands = permission.conflictingCommands ?? [];
  const hidden = hiddenCodesIn([title, ...texts, ...commands, ...permission.options.map((option) => String(option.name ?? ''))]);
  const inactive = chosen !== undefined || !arming.armed;
  return (
    <div
      ref={container}
      onKeyDown={onKeyDown}
      class={`permission${arming.armed ? '' : ' is-arming'}`}
      role="group"
      aria-label="Permission requested"
      data-permission-request={permission.requestKey}
      data-armed={arming.armed ? 'true' : 'false'}
    >
      <div class="permission__question">
        <Icon name="shield" />
        <span>Allow this tool call?</span>
      </div>
      {title.trim() ? (
        <div class="permission__subject" data-permission-subject>
          <VisibleText text={title} />
        </div>
      ) : null}
      {commands.length > 1 ? <ConflictingCommands commands={commands} /> : null}
      {hidden.length > 0 ? (
        <div class="permission__warning" data-permission-warning role="note">
          <Icon name="warning" />
          <span>{hiddenCharsWarning(hidden)}</span>
        </div>
      ) : null}
      <div ref={buttons} class="permission__options">
        {permission.options.map((option, index) => {
          const { label, agentWording, known } = labels[index];
          return (
            <button
              key={option.optionId}
              type="button"
              class={`button button--${known ? permissionTone(String(option.kind)) : 'neutral'}${chosen === option.optionId ? ' is-chosen' : ''}`}
              data-option-id={option.optionId}
              data-option-kind={String(option.kind)}
              aria-disabled={inactive ? 'true' : undefined}
              aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
              onClick={() => choose(option.optionId)}
            >
              {index < 9 ? (
                <span class="permission__number" aria-hidden="true">
                  {index + 1}
                </span>
              ) : null}
              <span class="permission__label">
                <VisibleText text={label} />
              </span>
              {agentWording !== undefined ? (
                <span class="permission__wording" data-agent-wording>
                  “<VisibleText text={agentWording} />”
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

// The agent asks before running a tool: one button per option, inline in the tool call's card. The first button
// takes focus when the prompt appears; while the focus is in the prompt, digits 1..9 choose the option with that
// number (shown on its button). After a choice the buttons stay put (aria-disabled) until the host clears it.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PendingPermission } from '../../../src/shared/model';
import { useHost } from '../hostContext';
import { optionIndexForKey } from '../logic/permissionKeys';
import { permissionTone } from '../logic/permissionTone';
import { focusComposer } from './composerFocus';
import { Icon } from './Icon';

export function PermissionPrompt({ permission }: { permission: PendingPermission }) {
  const host = useHost();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const container = useRef<HTMLDivElement>(null);

  // A layout effect: its cleanup runs while the prompt is still in the document (passive cleanups run later).
  useLayoutEffect(() => {
    const element = container.current;
    element?.querySelector('button')?.focus();
    return () => {
      // The prompt goes away once answered: hand focus back to the composer rather than dropping it on the body.
      if (element?.contains(document.activeElement)) focusComposer();
    };
  }, []);

  const choose = (optionId: string): void => {
    if (chosen !== undefined) return;
    setChosen(optionId);
    host.post({ type: 'permission', requestKey: permission.requestKey, optionId });
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    const index = optionIndexForKey(event, permission.options.length);
    if (index === undefined) return;
    event.preventDefault();
    choose(permission.options[index].optionId);
  };

  return (
    <div
      ref={container}
      onKeyDown={onKeyDown}
      class="permission"
      role="group"
      aria-label="Permission requested"
      data-permission-request={permission.requestKey}
    >
      <div class="permission__question">
        <Icon name="shield" />
        <span>Allow this tool call?</span>
      </div>
      <div class="permission__options">
        {permission.options.map((option, index) => (
          <button
            key={option.optionId}
            type="button"
            class={`button button--${permissionTone(String(option.kind))}${chosen === option.optionId ? ' is-chosen' : ''}`}
            data-option-id={option.optionId}
            data-option-kind={String(option.kind)}
            aria-disabled={chosen !== undefined ? 'true' : undefined}
            aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
            onClick={() => choose(option.optionId)}
          >
            {index < 9 ? (
              <span class="permission__number" aria-hidden="true">
                {index + 1}
              </span>
            ) : null}
            <span>{option.name || option.optionId}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

// In a permission prompt: the tool call's raw input names several commands that disagree (`command` beside another
// `cmd`), so the prompt shows every one of them; the user's rules never allow such a call on their own.
import { Icon } from '../ui/Icon';
import { VisibleText } from '../ui/VisibleText';

export function ConflictingCommands({ commands }: { commands: readonly string[] }) {
  return (
    <div class="permission__warning" data-permission-commands role="note">
      <Icon name="warning" />
      <div>
        <span>This tool call names {commands.length} different commands, and which one the agent runs is not known:</span>
        <ul class="permission__commands">
          {commands.map((command, index) => (
            <li key={index}>
              <code>
                <VisibleText text={command} />
              </code>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

// One content item of a tool call: text, a diff summary, a terminal reference, or an unknown type by name.
import type { OpenToolCallContent } from '../../../src/shared/acp';
import { toolContentView } from '../logic/toolContent';
import { Icon } from './Icon';

export function ToolContentItem({ item }: { item: OpenToolCallContent }) {
  const view = toolContentView(item);
  switch (view.kind) {
    case 'content':
      return (
        <li class="tool-content tool-content--text" data-content-type="content">
          <div class="mono-block">
            {view.blocks.map((block, i) => (
              <span key={i} class={block.kind === 'text' ? undefined : 'block-label'}>
                {block.text}
              </span>
            ))}
          </div>
        </li>
      );
    case 'diff':
      return (
        <li class="tool-content tool-content--diff" data-content-type="diff">
          <Icon name="diff" />
          <span class="tool-diff__path" title={view.path}>
            {view.path}
          </span>
          {view.isNew ? <span class="tool-diff__new">new</span> : null}
          <span class="tool-diff__added" aria-label={`${view.added} lines added`}>
            +{view.added}
          </span>
          <span class="tool-diff__removed" aria-label={`${view.removed} lines removed`}>
            −{view.removed}
          </span>
        </li>
      );
    case 'terminal':
      return (
        <li class="tool-content tool-content--terminal" data-content-type="terminal">
          <Icon name="terminal" />
          <span>Terminal {view.terminalId}</span>
        </li>
      );
    default:
      return (
        <li class="tool-content tool-content--other" data-content-type={view.type}>
          <span class="block-label">[{view.type}]</span>
        </li>
      );
  }
}

// A button that shows or hides a region (Enter and Space work, as on any button), with its open state kept in the
// webview's disclosure store so that it survives the entry scrolling out of the virtualized transcript.
import type { ComponentChildren } from 'preact';
import { domIdFor, useDisclosure } from '../disclosure';
import { Icon } from '../ui/Icon';

interface DisclosureProps {
  /** Unique in the transcript, e.g. `${entryId}:raw-input`. */
  id: string;
  label: ComponentChildren;
  defaultOpen?: boolean;
  /** A class for the wrapper (the toggle is `.disclosure__toggle`, the region `.disclosure__body`). */
  class?: string;
  children: ComponentChildren;
}

export function Disclosure({ id, label, defaultOpen = false, class: className, children }: DisclosureProps) {
  const [open, toggle] = useDisclosure(id, defaultOpen);
  const regionId = domIdFor(id);
  return (
    <div class={`disclosure${className ? ` ${className}` : ''}`}>
      <button
        type="button"
        class="disclosure__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={regionId}
        onClick={toggle}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <span class="disclosure__label">{label}</span>
      </button>
      {open ? (
        <div id={regionId} class="disclosure__body">
          {children}
        </div>
      ) : null}
    </div>
  );
}

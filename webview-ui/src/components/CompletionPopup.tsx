// The composer's completion list (slash commands, files to mention): a listbox above the input. The input keeps
// focus and points at the active option (aria-activedescendant); a click chooses too.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CompletionItem } from '../composer/useCompletion';

interface CompletionPopupProps {
  id: string;
  label: string;
  items: readonly CompletionItem[];
  active: number;
  /** Shown when there are no items (e.g. "Searching…"). */
  status?: string;
  kind: string;
  onChoose(index: number): void;
  onHover(index: number): void;
}

export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

export function CompletionPopup({ id, label, items, active, status, kind, onChoose, onHover }: CompletionPopupProps) {
  const list = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active, items]);
  return (
    <div class="completion" data-completion={kind}>
      {items.length > 0 ? (
        <ul ref={list} id={id} class="completion__list" role="listbox" aria-label={label}>
          {items.map((item, index) => (
            <li
              key={item.key}
              id={optionId(id, index)}
              role="option"
              aria-selected={index === active ? 'true' : 'false'}
              class={`completion__item${index === active ? ' is-active' : ''}`}
              // Keep the focus in the input.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => index !== active && onHover(index)}
              onClick={() => onChoose(index)}
            >
              <span class="completion__primary">{item.primary}</span>
              {item.secondary ? <span class="completion__secondary">{item.secondary}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <div class="completion__status" role="status">
          {status ?? ''}
        </div>
      )}
    </div>
  );
}

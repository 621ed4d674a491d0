// Where the keyboard enters the chat: Tab from the workbench into the panel lands in the message box, not on the
// first of the header's controls with the whole transcript between them and the composer. The first tab stop of the
// page hands the focus to the composer; it is a tab stop only while the focus is outside the panel, so Shift+Tab
// from the header's first control still leaves the panel (no trap), and tabbing within the panel never meets it.
import { useEffect, useRef } from 'preact/hooks';
import { focusComposer } from './composerFocus';

export function ComposerEntry() {
  const entry = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = entry.current;
    if (!element) return undefined;
    const inside = (event: FocusEvent): void => {
      if (event.target !== element) element.tabIndex = -1;
    };
    const outside = (): void => {
      element.tabIndex = 0;
    };
    document.addEventListener('focusin', inside);
    window.addEventListener('blur', outside);
    return () => {
      document.removeEventListener('focusin', inside);
      window.removeEventListener('blur', outside);
    };
  }, []);
  return <span ref={entry} tabIndex={0} class="visually-hidden" aria-label="Message box" data-composer-entry onFocus={focusComposer} />;
}

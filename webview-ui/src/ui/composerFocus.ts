// The composer's textarea id, so other parts (a permission prompt going away) can hand focus back to it.
export const COMPOSER_INPUT_ID = 'composer-input';

export function focusComposer(): void {
  document.getElementById(COMPOSER_INPUT_ID)?.focus();
}

/**
 * When the panel takes the focus as a whole ("Open Chat", a Tab from the view's title, a click on its tab), the
 * caret goes to the composer: nothing in the panel had the focus, so the first key typed belongs in the message.
 * Focus inside the panel (a button, the transcript) is left where the user put it.
 */
export function focusComposerOnEntry(target: Window): void {
  target.addEventListener('focus', () => {
    const active = target.document.activeElement;
    if (!active || active === target.document.body) focusComposer();
  });
}

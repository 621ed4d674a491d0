// The composer's textarea id, so other parts (a permission prompt going away) can hand focus back to it.
export const COMPOSER_INPUT_ID = 'composer-input';

export function focusComposer(): void {
  document.getElementById(COMPOSER_INPUT_ID)?.focus();
}


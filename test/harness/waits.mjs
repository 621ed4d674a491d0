// Waiting for things on a page, with errors that say what was awaited.

/**
 * Waits until `locator` reaches `state` (default: visible).
 * @param {import('playwright-core').Locator} locator
 * @param {string} description what a person would call the thing, for the error message
 */
export async function waitForLocator(locator, description, { state = 'visible', timeout = 30_000 } = {}) {
  try {
    await locator.waitFor({ state, timeout });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`Waited ${timeout / 1000} s for ${description} (${state}) in vain: ${reason}`);
  }
}

/**
 * Waits until `locator`'s attribute `name` reads `value` (null: absent). The chat renders a state change at once or in
 * the next animation frame (render pacing), so a read right after a key press or a click may still see the old state.
 */
export async function waitForAttribute(locator, name, value, description, { timeout = 10_000 } = {}) {
  const self = value === null ? `xpath=self::*[not(@${name})]` : `xpath=self::*[@${name}=${JSON.stringify(value)}]`;
  try {
    await locator.locator(self).waitFor({ state: 'attached', timeout });
  } catch {
    const actual = await locator.getAttribute(name).catch((error) => `(unreadable: ${error instanceof Error ? error.message.split('\n')[0] : error})`);
    throw new Error(`Waited ${timeout / 1000} s for ${description}: ${name}=${JSON.stringify(value)}, it stays ${JSON.stringify(actual)}`);
  }
}

/** Waits until the text field `locator` holds `value` (checked in the page on every animation frame). */
export async function waitForInputValue(locator, value, description, { timeout = 10_000 } = {}) {
  const settled = await locator.evaluate(
    (field, { expected, timeout }) =>
      new Promise((resolve) => {
        const until = performance.now() + timeout;
        const check = () => {
          if (field.value === expected || performance.now() > until) resolve(field.value);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { expected: value, timeout },
  );
  if (settled !== value) throw new Error(`Waited ${timeout / 1000} s for ${description}: ${JSON.stringify(value)}, it stays ${JSON.stringify(settled)}`);
}

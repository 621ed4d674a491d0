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

// Launches Debian's Chromium through playwright-core (never a downloaded browser).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google hosts that this network refuses.
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium; close it with `browser.close()`. */
export async function launchChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: apt-get install chromium (or set CHROMIUM_PATH).`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: FLAGS });
}

/** A page with a viewport large enough for the workbench and its side bar. */
export async function newWorkbenchPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

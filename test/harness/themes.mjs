// Colour themes and side bar widths for e2e screenshots.
import assert from 'node:assert/strict';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { codeServerEntry } from '../../scripts/ensure-code-server.mjs';
import { repoRoot } from './paths.mjs';
import { EXTENSION_ID, openWorkbench } from './workbench.mjs';
import { workbenchUrl } from './workbench-url.mjs';

export const LIGHT = 'Default Light Modern';
export const DARK = 'Default Dark Modern';
export const HIGH_CONTRAST = 'Default High Contrast';

/** The class VS Code puts on a webview's body for a theme. */
export function themeBodyClass(theme) {
  return theme === HIGH_CONTRAST ? 'vscode-high-contrast' : theme === DARK ? 'vscode-dark' : 'vscode-light';
}

/**
 * This code-server's web workbench offers no built-in color theme (its theme picker is empty), and in extension
 * development mode it loads no installed extension either. So a theme test installs VS Code's default themes and
 * this extension as built (package.json, dist, media) into the server's extensions folder, and reopens the
 * workbench without a development path: `workbench.colorTheme` from the test's settings then applies.
 */
export async function reopenWithThemes({ page, server, workspace }) {
  const extensions = path.join(server.dataDir, 'extensions');
  const themes = path.resolve(path.dirname(codeServerEntry), '..', '..', 'lib', 'vscode', 'extensions', 'theme-defaults');
  cpSync(themes, path.join(extensions, 'vscode.theme-defaults-1.0.0'), { recursive: true });
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const installed = path.join(extensions, `${EXTENSION_ID}-${version}`);
  for (const part of ['package.json', 'dist', 'media']) cpSync(path.join(repoRoot, part), path.join(installed, part), { recursive: true });
  await openWorkbench(page, workbenchUrl({ baseUrl: server.baseUrl, folder: workspace }));
}

/** Drags the side bar's edge until it is `width` px wide, as a person would; returns its box. */
export async function setSideBarWidth(page, width, part = '.part.sidebar') {
  const bar = page.locator(part);
  const box = await bar.boundingBox();
  assert.ok(box, 'the side bar is shown');
  const y = box.y + box.height / 2;
  const rightSide = part.includes('auxiliarybar');
  const edge = rightSide ? box.x : box.x + box.width;
  await page.mouse.move(edge, y);
  await page.mouse.down();
  await page.mouse.move(rightSide ? box.x + box.width - width : box.x + width, y, { steps: 8 });
  await page.mouse.up();
  const now = await bar.boundingBox();
  assert.ok(now && Math.abs(now.width - width) <= 2, `the side bar is ${now?.width} px wide, not ${width}`);
  return now;
}

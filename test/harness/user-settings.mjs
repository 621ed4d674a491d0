// The User/settings.json every test instance of VS Code starts with: no first-run UI, readable terminals.
export const defaultUserSettings = Object.freeze({
  'workbench.startupEditor': 'none',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'terminal.integrated.gpuAcceleration': 'off',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
  'chat.commandCenter.enabled': false,
  'window.commandCenter': false,
  // The web workbench autosaves after 1 s by default; tests about unsaved buffers need them to stay unsaved.
  'files.autoSave': 'off',
});

/** The defaults with a test's own settings laid over them. */
export function userSettings(overrides = {}) {
  return { ...defaultUserSettings, ...overrides };
}

// What the view keeps across being hidden or reloaded (through `vscode.setState`): view state only, never session
// data. Read leniently: an older build may have stored something else.
export interface ViewState {
  /** The unsent text in the composer. */
  draft: string;
}

export const emptyViewState: ViewState = { draft: '' };

export function parseViewState(value: unknown): ViewState {
  if (typeof value !== 'object' || value === null) return emptyViewState;
  const draft = (value as { draft?: unknown }).draft;
  return { draft: typeof draft === 'string' ? draft : '' };
}

// The diff engine shared by the extension host and the chat webview: pure (no vscode, no node), on jsdiff.
export { BACKGROUND_LIMITS, MAIN_THREAD_LIMITS, diffLines, type DiffLimits, type DiffOptions, type DiffResult, type TooLargeReason } from './diffLines';
export type { DiffHunk, DiffLine, DiffLineKind } from './hunks';
export {
  HunkMismatchError,
  acceptHunk,
  acceptHunks,
  hunkSide,
  locateHunk,
  locateHunks,
  revertHunk,
  revertHunks,
  undoHunk,
  type HunkLocation,
  type HunkUndo,
} from './hunkEdits';
export { countLines, joinLines, splitLines, type LineEnding, type TextLine } from './lines';

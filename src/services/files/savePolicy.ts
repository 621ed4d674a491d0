// When an agent's write is saved to disk (setting acp.files.saveAfterWrite).
//   ifClean (default): saved when the document had no unsaved changes before the write (or was created by
//                      it), so the user's own unsaved work is never saved behind their back;
//   always: saved after every write; never: left unsaved in the editor.
export type SaveAfterWrite = 'ifClean' | 'always' | 'never';

export const SAVE_AFTER_WRITE_VALUES: readonly SaveAfterWrite[] = ['ifClean', 'always', 'never'];

export function saveAfterWriteOf(value: unknown): SaveAfterWrite {
  return SAVE_AFTER_WRITE_VALUES.find((policy) => policy === value) ?? 'ifClean';
}

export function shouldSave(policy: SaveAfterWrite, dirtyBeforeWrite: boolean): boolean {
  return policy === 'always' || (policy === 'ifClean' && !dirtyBeforeWrite);
}

// The changed regions between two sequences of line keys, as a minimal line diff (a longest common subsequence):
// jsdiff's Myers diff runs on what is left after three exact reductions that keep the result minimal and make
// the common cases cheap: the common prefix and suffix are cut off, each distinct line becomes a small integer,
// and lines that occur on one side only are set aside as changed (no common subsequence can use them). A full
// rewrite then costs one pass instead of Myers' O(N·D); only lines that moved are left for Myers, under the
// caller's edit-length cap and deadline.
import { diffArrays } from 'diff';

/** Old lines [oldFrom, oldTo) became new lines [newFrom, newTo) (0-based, end exclusive); between two changes the
 * lines are equal, as many on both sides. A change has at least one line on one side. */
export interface LineChange {
  oldFrom: number;
  oldTo: number;
  newFrom: number;
  newTo: number;
}

export type LineChangesResult =
  | { kind: 'changes'; changes: LineChange[] }
  /** Myers needed more edits than allowed (`edits`) or the deadline passed (`time`). */
  | { kind: 'gaveUp'; reason: 'edits' | 'time' };

export interface LineChangesBudget {
  /** Edits (lines added + removed among the lines present on both sides) Myers may look for. */
  maxEditLength: number;
  /** `Date.now()` after which Myers gives up (jsdiff's clock). */
  deadline: number;
}

export function lineChanges(oldKeys: readonly string[], newKeys: readonly string[], budget: LineChangesBudget): LineChangesResult {
  const oldEnd0 = oldKeys.length;
  const newEnd0 = newKeys.length;
  let start = 0;
  while (start < oldEnd0 && start < newEnd0 && oldKeys[start] === newKeys[start]) start++;
  let oldEnd = oldEnd0;
  let newEnd = newEnd0;
  while (oldEnd > start && newEnd > start && oldKeys[oldEnd - 1] === newKeys[newEnd - 1]) {
    oldEnd--;
    newEnd--;
  }
  if (start === oldEnd && start === newEnd) return { kind: 'changes', changes: [] };
  const whole: LineChange = { oldFrom: start, oldTo: oldEnd, newFrom: start, newTo: newEnd };
  if (start === oldEnd || start === newEnd) return { kind: 'changes', changes: [whole] };

  const { oldShared, newShared, oldIds, newIds } = sharedLines(oldKeys, newKeys, start, oldEnd, newEnd);
  if (oldShared.length === 0 || newShared.length === 0) return { kind: 'changes', changes: [whole] };

  const timeout = budget.deadline - Date.now();
  if (timeout <= 0) return { kind: 'gaveUp', reason: 'time' };
  const parts = diffArrays(oldIds, newIds, { maxEditLength: budget.maxEditLength, timeout });
  if (!parts) return { kind: 'gaveUp', reason: Date.now() > budget.deadline ? 'time' : 'edits' };

  // Walk the common runs: each matched pair of lines is an anchor; whatever lies between two anchors changed.
  const changes: LineChange[] = [];
  let oldNext = start;
  let newNext = start;
  const anchor = (oldAt: number, newAt: number): void => {
    if (oldAt > oldNext || newAt > newNext) changes.push({ oldFrom: oldNext, oldTo: oldAt, newFrom: newNext, newTo: newAt });
    oldNext = oldAt + 1;
    newNext = newAt + 1;
  };
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    if (part.added) newIndex += count;
    else if (part.removed) oldIndex += count;
    else {
      for (let k = 0; k < count; k++) anchor(oldShared[oldIndex + k], newShared[newIndex + k]);
      oldIndex += count;
      newIndex += count;
    }
  }
  anchor(oldEnd, newEnd);
  return { kind: 'changes', changes };
}

/** Within the middle ranges: each line as a number (equal keys, equal numbers), and the positions of the lines
 * whose key also occurs on the other side (with their numbers, in order). */
function sharedLines(oldKeys: readonly string[], newKeys: readonly string[], start: number, oldEnd: number, newEnd: number) {
  const idOf = new Map<string, number>();
  const inOld: boolean[] = [];
  const inNew: boolean[] = [];
  const number = (key: string): number => {
    let id = idOf.get(key);
    if (id === undefined) {
      id = idOf.size;
      idOf.set(key, id);
      inOld.push(false);
      inNew.push(false);
    }
    return id;
  };
  const oldAll: number[] = [];
  for (let i = start; i < oldEnd; i++) {
    const id = number(oldKeys[i]);
    inOld[id] = true;
    oldAll.push(id);
  }
  const newAll: number[] = [];
  for (let j = start; j < newEnd; j++) {
    const id = number(newKeys[j]);
    inNew[id] = true;
    newAll.push(id);
  }
  const oldShared: number[] = [];
  const oldIds: number[] = [];
  oldAll.forEach((id, k) => {
    if (inNew[id]) {
      oldShared.push(start + k);
      oldIds.push(id);
    }
  });
  const newShared: number[] = [];
  const newIds: number[] = [];
  newAll.forEach((id, k) => {
    if (inOld[id]) {
      newShared.push(start + k);
      newIds.push(id);
    }
  });
  return { oldShared, newShared, oldIds, newIds };
}

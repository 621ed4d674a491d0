// Where a followed file is shown, so the editor the user works in is never swapped out under them. Pure.
//   1. The file is already visible: reveal it where it is (only highlighted, not scrolled, in the editor the user
//      is typing in).
//   2. Else the column that showed the previous followed file, while it is open — unless it is the user's active
//      column and they typed there just now.
//   3. Else, when the user has an active editor, a column beside it (VS Code opens or reuses the one to its right).
//   4. Else (no editor open) the active column.

export interface FollowColumnInput {
  /** The column already showing the target file, if any. */
  targetVisibleIn?: number;
  /** The column of the active text editor, if there is one. */
  activeColumn?: number;
  /** The column the previous followed file was shown in, if it is still open. */
  followColumn?: number;
  /** The user typed (or moved the cursor with the keyboard) in the active editor a moment ago. */
  userTypingInActive: boolean;
}

export type FollowColumn = { kind: 'column'; column: number; scroll: boolean } | { kind: 'beside' } | { kind: 'active' };

export function chooseFollowColumn(input: FollowColumnInput): FollowColumn {
  const typingIn = (column: number): boolean => column === input.activeColumn && input.userTypingInActive;
  if (input.targetVisibleIn !== undefined) return { kind: 'column', column: input.targetVisibleIn, scroll: !typingIn(input.targetVisibleIn) };
  const follow = input.followColumn;
  if (follow !== undefined && !typingIn(follow)) return { kind: 'column', column: follow, scroll: true };
  if (input.activeColumn !== undefined) return { kind: 'beside' };
  return { kind: 'active' };
}

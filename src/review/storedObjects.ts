// A stored ledger (ledgerData.ts) names the git objects of its git-backed texts instead of holding them: they are
// read back before the ledger is loaded. A text that cannot be read any more (the repository is gone, or its object)
// leaves that file reviewable and keepable, not undoable (`notKept`), and that checkpoint without it. No `vscode` here.
import type { Content, LedgerData } from './changeLedger';

/** Reads the text of `object` (a baseline object of `file`'s repository); undefined when it cannot. */
export type ObjectText = (file: string, object: string) => Promise<Content>;

export async function readStoredObjects(ledger: LedgerData, textOf: ObjectText): Promise<LedgerData> {
  const read = async (file: string, text: Content, object: string | undefined): Promise<Content> =>
    object === undefined || text !== undefined ? text : await textOf(file, object).catch(() => undefined);
  const files = await Promise.all(
    ledger.files.map(async (file) => {
      const baseline = await read(file.path, file.baseline, file.baselineObject);
      return { ...file, baseline, ...(file.baselineObject && baseline === undefined ? { notKept: true } : {}) };
    }),
  );
  const turns = await Promise.all(
    ledger.turns.map(async (turn) => ({ ...turn, before: await Promise.all(turn.before.map(async (target) => ({ ...target, text: await read(target.path, target.text, target.object) }))) })),
  );
  return { files, turns };
}

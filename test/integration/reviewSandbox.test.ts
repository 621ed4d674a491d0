// Paths an agent's command creates and removes within its work (codex's sandbox makes and removes .codex, .agents
// and .aws in ~100 ms) are no change at all in the change ledger (Agent Changes, the changes strip): a path absent
// before and absent after is not a deletion.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AcpExtensionApi } from '../../src/extension';
import { workspaceRoot } from './helpers/files';
import { useFilesSuite } from './helpers/filesSuite';
import { pendingFile, untilHandled, untilReview } from './helpers/review';

function pendingUnder(api: AcpExtensionApi, folder: string): string[] {
  return (api.review.service.ledger?.pending() ?? []).filter((file) => file.path.startsWith(folder + path.sep)).map((file) => `${path.relative(folder, file.path)} ${file.status}`);
}

describe('review: paths created and removed within the agent’s work', function () {
  this.timeout(60_000);
  const suite = useFilesSuite();

  it('folders the agent made (their create events handled) and removed in a later turn are no change', async () => {
    const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'sandbox-it-'));
    const [codex, agents] = [path.join(folder, '.codex'), path.join(folder, '.agents')];
    const session = await suite.sessionWith('review-sandbox');
    const created = untilHandled(suite.api, [codex, agents]);
    await suite.turn(session, `make ${folder}`);
    await created;
    const removed = untilHandled(suite.api, [codex, agents]);
    await suite.turn(session, `remove ${folder}`);
    await removed;
    await suite.api.review.service.disk.settled();
    assert.deepEqual(pendingUnder(suite.api, folder), []);
  });

  it("codex's sandbox: a folder and a file made and removed within ~100 ms of one command are no change", async () => {
    const folder = fs.mkdtempSync(path.join(workspaceRoot(), 'sandbox-it-'));
    const marker = path.join(folder, 'marker.txt');
    const session = await suite.sessionWith('review-sandbox');
    await suite.turn(session, `sandbox ${folder}`);
    await untilReview(suite.api, () => pendingFile(suite.api, marker), 'the marker file written after the sandbox went');
    await suite.api.review.service.disk.settled();
    assert.deepEqual(pendingUnder(suite.api, folder), ['marker.txt created']);
  });
});

// Issue 25, item 11: places where secrets are kept are asked about every time. The list is data
// (secretLocations.ts); what an access really touches is judged on real folders: symlinks and `..` are followed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ConsentAnswer, ConsentRequest, SessionConsents } from '../../../../src/services/files/consent';
import { examineFileAccess } from '../../../../src/services/files/fileAccess';
import { secretLocationOf } from '../../../../src/services/files/secretLocations';

const HOME = '/home/me';

describe('files: places where secrets are kept', () => {
  it('knows the usual ones below the home folder, .env files anywhere, and /proc', () => {
    const place = (file: string): string | undefined => secretLocationOf(file, HOME)?.place;
    assert.equal(place('/home/me/.ssh/id_rsa'), '~/.ssh');
    assert.equal(place('/home/me/.ssh'), '~/.ssh');
    assert.equal(place('/home/me/.aws/credentials'), '~/.aws');
    assert.equal(place('/home/me/.gnupg/private-keys-v1.d/x.key'), '~/.gnupg');
    assert.equal(place('/home/me/.config/gh/hosts.yml'), '~/.config/gh');
    assert.equal(place('/home/me/.netrc'), '~/.netrc');
    assert.equal(place('/home/me/.git-credentials'), '~/.git-credentials');
    assert.equal(place('/home/me/.npmrc'), '~/.npmrc');
    assert.equal(place('/home/me/.pypirc'), '~/.pypirc');
    assert.equal(place('/home/me/.docker/config.json'), '~/.docker/config.json');
    assert.equal(place('/home/me/.kube/config'), '~/.kube');
    assert.equal(place('/home/me/.config/gcloud/credentials.db'), '~/.config/gcloud');
    assert.equal(place('/home/me/.azure/msal_token_cache.json'), '~/.azure');
    assert.equal(place('/proc/self/environ'), '/proc');
    for (const env of ['/home/me/project/.env', '/srv/app/.env.local', '/x/.env.production', '/x/.ENV']) assert.equal(place(env), '.env files', env);
    assert.equal(secretLocationOf('/home/me/.ssh/id_rsa', HOME)?.what, 'SSH keys');
  });

  it('leaves everything else alone: look-alike names, other homes, ~/.docker beside its config', () => {
    for (const file of [
      '/home/me/notes.txt',
      '/home/me/.sshd/x',
      '/home/me/ssh/id_rsa',
      '/home/other/.ssh/id_rsa',
      '/home/me/.docker/buildx/x',
      '/home/me/.config/ghostty',
      '/home/me/project/.envrc',
      '/home/me/project/.env.example',
      '/home/me/project/.env.sample',
      '/home/me/project/.env.template',
      '/home/me/project/.env.dist',
      '/home/me/project/env',
      '/home/me/project/x.env',
      '/home/me/.env-files/readme.md',
      '/procfs/x',
    ]) {
      assert.equal(secretLocationOf(file, HOME), undefined, file);
    }
  });
});

describe('files: what a session grant covers, on real folders', () => {
  let base: string;
  let home: string;
  let granted: string;
  let workspace: string;

  before(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'acp-grants-')));
    home = path.join(base, 'home');
    granted = path.join(home, 'notes');
    workspace = path.join(home, 'project');
    for (const folder of [path.join(home, '.ssh'), granted, path.join(granted, 'deeper'), workspace, path.join(base, 'elsewhere')]) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), 'KEY');
    fs.writeFileSync(path.join(granted, 'a.txt'), 'a');
    fs.writeFileSync(path.join(granted, '.env'), 'TOKEN=1');
    fs.writeFileSync(path.join(workspace, '.env'), 'TOKEN=2');
    fs.writeFileSync(path.join(base, 'elsewhere', 'b.txt'), 'b');
    fs.symlinkSync(path.join(home, '.ssh'), path.join(granted, 'keys'));
    fs.symlinkSync(path.join(base, 'elsewhere'), path.join(granted, 'out'));
    fs.symlinkSync(home, path.join(base, 'home-link'));
  });
  after(() => fs.rmSync(base, { recursive: true, force: true }));

  /** Answers "allow" for the first question (the grant of `granted`), then says what is asked. */
  async function afterGrant(): Promise<{ decide(file: string, kind?: 'read' | 'write'): Promise<ConsentRequest | undefined> }> {
    const asked: ConsentRequest[] = [];
    let answer: ConsentAnswer = 'allow';
    const consents = new SessionConsents(() => ({
      ask: (request) => {
        asked.push(request);
        return Promise.resolve(answer);
      },
    }));
    const first = await examineFileAccess(path.join(granted, 'a.txt'), [workspace], home);
    assert.equal(await consents.decide('ask', { sessionKey: 's', kind: 'read', ...first }), true);
    assert.equal(asked[0].folder, granted, 'the grant names the folder of the file');
    answer = 'deny';
    return {
      async decide(file, kind = 'read') {
        const access = await examineFileAccess(file, [workspace], home);
        const before = asked.length;
        await consents.decide(access.insideRoots ? 'allow' : 'ask', { sessionKey: 's', kind, ...access });
        return asked.length > before ? asked[asked.length - 1] : undefined;
      },
    };
  }

  it('covers the folder and below, and nothing through a link or `..` that leads out of it', async () => {
    const grants = await afterGrant();
    assert.equal(await grants.decide(path.join(granted, 'other.txt')), undefined, 'a sibling file');
    assert.equal(await grants.decide(path.join(granted, 'deeper', 'c.txt')), undefined, 'a file below');
    assert.equal((await grants.decide(path.join(granted, 'out', 'b.txt')))?.realPath, path.join(base, 'elsewhere', 'b.txt'), 'a link out is asked');
    assert.ok(await grants.decide(`${granted}/../x.txt`), '.. out of the folder is asked');
    assert.ok(await grants.decide(path.join(granted, 'a.txt'), 'write'), 'writes are asked apart from reads');
  });

  it('never covers a secret place: ~/.ssh directly, through a link in the granted folder, or through a link to home', async () => {
    const grants = await afterGrant();
    const direct = await grants.decide(path.join(home, '.ssh', 'id_rsa'));
    assert.equal(direct?.secret?.place, '~/.ssh');
    const linked = await grants.decide(path.join(granted, 'keys', 'id_rsa'));
    assert.equal(linked?.secret?.place, '~/.ssh', 'a link inside the granted folder that leads into ~/.ssh');
    assert.equal(linked?.realPath, path.join(home, '.ssh', 'id_rsa'));
    const climbing = await grants.decide(`${granted}/../.ssh/id_rsa`);
    assert.equal(climbing?.secret?.place, '~/.ssh');
    const viaHomeLink = await examineFileAccess(path.join(base, 'home-link', '.ssh', 'id_rsa'), [], path.join(base, 'home-link'));
    assert.equal(viaHomeLink.secret?.place, '~/.ssh', 'a home folder that is a link is known as it really is');
  });

  it('asks about .env files in the granted folder, and in the workspace folders too', async () => {
    const grants = await afterGrant();
    assert.equal((await grants.decide(path.join(granted, '.env')))?.secret?.place, '.env files');
    assert.equal((await grants.decide(path.join(workspace, '.env')))?.secret?.place, '.env files');
    assert.equal(await grants.decide(path.join(workspace, 'src.ts')), undefined, 'other files of the workspace are not asked');
  });
});

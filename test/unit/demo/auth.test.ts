// The scripted agent's `requireAuth`: which ways satisfy it, and what logout undoes.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AuthGate } from '../../../src/demo/auth';

function refusal(gate: AuthGate): unknown {
  try {
    gate.check();
    return undefined;
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
}

describe('scripted agent: requireAuth', () => {
  const required = { code: -32000, message: 'Authentication required' };
  let cwd: string;

  beforeEach(() => {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-auth-'));
  });

  afterEach(() => fs.rmSync(cwd, { recursive: true, force: true }));

  it('lets everything through without requireAuth', () => {
    assert.equal(refusal(new AuthGate(undefined, {}, cwd)), undefined);
  });

  it('refuses with auth_required until `authenticate` with the method id; logout undoes it', () => {
    const gate = new AuthGate({ methodId: 'login' }, {}, cwd);
    assert.deepEqual(refusal(gate), required);
    gate.authenticate('other');
    assert.deepEqual(refusal(gate), required);
    gate.authenticate('login');
    assert.equal(refusal(gate), undefined);
    gate.logout();
    assert.deepEqual(refusal(gate), required);
  });

  it('is satisfied by the environment variables, and shows them as env.NAME', () => {
    assert.deepEqual(refusal(new AuthGate({ envVars: ['K'] }, { K: '' }, cwd)), required);
    const gate = new AuthGate({ envVars: ['K'] }, { K: 'v' }, cwd);
    assert.equal(refusal(gate), undefined);
    assert.deepEqual(gate.envVars(), [['env.K', 'v']]);
    const unset = new AuthGate({ envVars: ['K'] }, {}, cwd);
    unset.authenticate('any');
    assert.deepEqual(refusal(unset), required, '`authenticate` does not stand in for the variables');
  });

  it('is satisfied by the login file that --login writes; logout deletes it', () => {
    const gate = new AuthGate({ loginFile: 'logged-in' }, {}, cwd);
    assert.deepEqual(refusal(gate), required);
    assert.equal(gate.login(), true);
    assert.ok(fs.existsSync(path.join(cwd, 'logged-in')));
    assert.equal(refusal(gate), undefined);
    gate.logout();
    assert.equal(fs.existsSync(path.join(cwd, 'logged-in')), false);
    assert.equal(new AuthGate({ methodId: 'x' }, {}, cwd).login(), false, 'no login file, no terminal login');
  });
});

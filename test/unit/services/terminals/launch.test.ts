import * as assert from 'node:assert/strict';
import { commandEnvironment, shellFor, terminalLaunch } from '../../../../src/services/terminals/launch';
import type { CreateTerminalParams } from '../../../../src/services/terminals/terminalParams';

const linux = (env: NodeJS.ProcessEnv) => ({ platform: 'linux' as const, env });

function request(fields: Partial<CreateTerminalParams>): CreateTerminalParams {
  return { sessionId: 's', command: 'ls', args: [], env: [], cwd: undefined, outputByteLimit: undefined, ...fields };
}

describe('terminal launch', () => {
  it('runs a program with args directly, no shell', () => {
    const launch = terminalLaunch(request({ command: 'git', args: ['commit', '-m', 'a message; rm -rf /'] }), '/work', linux({}));
    assert.equal(launch.file, 'git');
    assert.deepEqual(launch.args, ['commit', '-m', 'a message; rm -rf /']);
    assert.equal(launch.label, "git commit -m 'a message; rm -rf /'");
  });

  it('runs a command line through the user\'s shell when it speaks sh, else /bin/sh', () => {
    assert.deepEqual(terminalLaunch(request({ command: 'ls | wc -l' }), '/w', linux({ SHELL: '/usr/bin/zsh' })).file, '/usr/bin/zsh');
    const launch = terminalLaunch(request({ command: 'ls | wc -l' }), '/w', linux({ SHELL: '/bin/bash' }));
    assert.deepEqual([launch.file, ...launch.args], ['/bin/bash', '-c', 'ls | wc -l']);
    assert.equal(launch.label, 'ls | wc -l');
    assert.equal(shellFor(linux({ SHELL: '/usr/bin/fish' })).file, '/bin/sh');
    assert.equal(shellFor(linux({})).file, '/bin/sh');
    assert.equal(shellFor(linux({ SHELL: 'bash' })).file, '/bin/sh', 'a relative $SHELL is not trusted');
  });

  it('on Windows runs a command line with cmd.exe /d /s /c, verbatim', () => {
    const shell = shellFor({ platform: 'win32', env: { ComSpec: 'C:\\Windows\\system32\\cmd.exe' } });
    assert.equal(shell.file, 'C:\\Windows\\system32\\cmd.exe');
    assert.deepEqual(shell.args('dir /b & echo done'), ['/d', '/s', '/c', '"dir /b & echo done"']);
    assert.equal(shell.verbatim, true);
  });

  it('defaults cwd to the session cwd', () => {
    assert.equal(terminalLaunch(request({}), '/session/cwd', linux({})).cwd, '/session/cwd');
    assert.equal(terminalLaunch(request({ cwd: '/elsewhere' }), '/session/cwd', linux({})).cwd, '/elsewhere');
  });

  it('lays the request env over the host env, without the host-only variables', () => {
    const env = commandEnvironment(linux({ PATH: '/bin', HOME: '/h', ELECTRON_RUN_AS_NODE: '1', VSCODE_IPC_HOOK: 'x', KEEP: 'k' }), [
      { name: 'HOME', value: '/other' },
      { name: 'NEW', value: 'v' },
    ]);
    assert.deepEqual(env, { PATH: '/bin', HOME: '/other', KEEP: 'k', NEW: 'v' });
  });

  it('on Windows, env names match whatever their case', () => {
    const env = commandEnvironment({ platform: 'win32', env: { Path: 'C:\\old' } }, [{ name: 'PATH', value: 'C:\\new' }]);
    assert.deepEqual(env, { PATH: 'C:\\new' });
  });
});

import * as assert from 'node:assert/strict';
import { describeMcpServers, mcpSecretValues, parseMcpServers, selectMcpServers } from '../../../src/config/mcpServers';

describe('the acp.mcpServers setting', () => {
  it('reads stdio, http and sse servers into ACP McpServer shapes (env and headers as objects or lists)', () => {
    const { servers, problems } = parseMcpServers([
      { name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/tmp'], env: { TOKEN: 's3cret' } },
      { name: 'listed', type: 'stdio', command: 'mcp', env: [{ name: 'A', value: '1' }] },
      { name: 'web', type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer abc' } },
      { name: 'stream', type: 'sse', url: 'http://localhost:9000/sse' },
      { name: 'implied-http', url: 'https://x.example/mcp' },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(servers, [
      { name: 'files', command: '/usr/bin/mcp-files', args: ['--root', '/tmp'], env: [{ name: 'TOKEN', value: 's3cret' }] },
      { name: 'listed', command: 'mcp', args: [], env: [{ name: 'A', value: '1' }] },
      { type: 'http', name: 'web', url: 'https://mcp.example.com/mcp', headers: [{ name: 'Authorization', value: 'Bearer abc' }] },
      { type: 'sse', name: 'stream', url: 'http://localhost:9000/sse', headers: [] },
      { type: 'http', name: 'implied-http', url: 'https://x.example/mcp', headers: [] },
    ]);
  });

  it('skips bad entries with messages that name them', () => {
    const { servers, problems } = parseMcpServers([
      'x',
      { command: 'a' },
      { name: 'no-command' },
      { name: 'bad-args', command: 'a', args: 'x' },
      { name: 'bad-env', command: 'a', env: { A: 1 } },
      { name: 'bad-url', type: 'http', url: 'ftp://x' },
      { name: 'bad-type', type: 'websocket', url: 'https://x' },
      { name: 'ok', command: 'a' },
      { name: 'ok', command: 'b' },
    ]);
    assert.deepEqual(servers.map((s) => s.name), ['ok']);
    assert.deepEqual(problems, [
      'acp.mcpServers[0] is not an object',
      'acp.mcpServers[1] needs a non-empty "name"',
      'acp.mcpServers[2] ("no-command") needs a "command"',
      'acp.mcpServers[3] ("bad-args") "args" must be a list of strings',
      'acp.mcpServers[4] ("bad-env") "env" must map names to string values',
      'acp.mcpServers[5] ("bad-url") needs a "url" starting with http:// or https://',
      'acp.mcpServers[6] ("bad-type") has an unknown "type" "websocket": use "stdio", "http" or "sse"',
      'acp.mcpServers[8]: the name "ok" is already taken',
    ]);
    assert.deepEqual(parseMcpServers({ name: 'x' }).problems, ['acp.mcpServers must be a list of servers']);
    assert.deepEqual(parseMcpServers(undefined), { servers: [], problems: [] });
  });

  it('gives http and sse servers only to agents that advertise them', () => {
    const { servers } = parseMcpServers([
      { name: 's', command: 'a' },
      { name: 'h', type: 'http', url: 'https://h' },
      { name: 'e', type: 'sse', url: 'https://e' },
    ]);
    const none = selectMcpServers(servers, { loadSession: false });
    assert.deepEqual(none.servers.map((s) => s.name), ['s']);
    assert.deepEqual(none.leftOut, [
      { name: 'h', transport: 'http' },
      { name: 'e', transport: 'sse' },
    ]);
    const http = selectMcpServers(servers, { mcpCapabilities: { http: true, sse: false } });
    assert.deepEqual(http.servers.map((s) => s.name), ['s', 'h']);
    assert.deepEqual(selectMcpServers(servers, { mcpCapabilities: { http: true, sse: true } }).leftOut, []);
    assert.deepEqual(selectMcpServers(servers, { mcpCapabilities: { http: 'yes' } }).servers.map((s) => s.name), ['s']);
  });

  it('describes servers for the log without their env or headers', () => {
    const { servers } = parseMcpServers([
      { name: 'files', command: 'a', env: { TOKEN: 's3cret' } },
      { name: 'web', url: 'https://h', headers: { Authorization: 'Bearer abc' } },
    ]);
    const said = describeMcpServers(servers);
    assert.equal(said, 'files (stdio), web (http)');
    assert.doesNotMatch(said, /s3cret|Bearer/);
  });
});

describe('the acp.mcpServers setting: secrets for the log masker', () => {
  it('lists every header value and the env values whose names look secret', () => {
    const { servers } = parseMcpServers([
      { name: 'files', command: 'a', env: { FILES_TOKEN: 'secret-value-1', ROOT: '/home/me/src' } },
      { name: 'web', url: 'https://h', headers: { 'X-Custom': 'custom-value-2' } },
    ]);
    assert.deepEqual(mcpSecretValues(servers), ['secret-value-1', 'custom-value-2']);
  });
});

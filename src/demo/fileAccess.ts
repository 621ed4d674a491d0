// Reading and writing text files the way an ACP agent should: through the client's fs/read_text_file and
// fs/write_text_file when it offered them (so unsaved editor buffers count), else on the disk directly.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { needSession, StepContext } from './context';
import { JsonObject, stringAt } from './json';

export async function existsAsFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Lines `line` (1-based) to `line + limit - 1`, as fs/read_text_file defines them. */
export function sliceLines(text: string, line: number | undefined, limit: number | undefined): string {
  if (line === undefined && limit === undefined) return text;
  const lines = text.split('\n');
  const start = Math.max((line ?? 1) - 1, 0);
  const end = limit === undefined ? lines.length : start + limit;
  return lines.slice(start, end).join('\n');
}

export async function readText(ctx: StepContext, file: string, line?: number, limit?: number, onDisk = false): Promise<string> {
  if (onDisk || !ctx.client.readTextFile) return sliceLines(await fs.readFile(file, 'utf8'), line, limit);
  const params: JsonObject = { sessionId: needSession(ctx).id, path: file };
  if (line !== undefined) params.line = line;
  if (limit !== undefined) params.limit = limit;
  const result = await ctx.peer.request('fs/read_text_file', params);
  const content = stringAt(result, 'content');
  if (content === undefined) throw new Error('fs/read_text_file answered without a "content" string');
  return content;
}

export async function writeText(ctx: StepContext, file: string, content: string, onDisk = false): Promise<void> {
  if (!onDisk && ctx.client.writeTextFile) {
    await ctx.peer.request('fs/write_text_file', { sessionId: needSession(ctx).id, path: file, content });
    return;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content, 'utf8');
}

const textExtensions = ['.md', '.txt', '.json', '.ts', '.js', '.mjs', '.py', '.rs', '.go', '.java', '.toml', '.yaml', '.yml'];
const maxSmallFile = 64 * 1024;

/** The first small text file directly in `dir`: known text extensions first, then by name; no dotfiles. */
export async function findSmallTextFile(dir: string): Promise<string | undefined> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  const rank = (name: string): number => {
    const index = textExtensions.indexOf(path.extname(name).toLowerCase());
    return index === -1 ? textExtensions.length : index;
  };
  const names = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const name of names) {
    const file = path.join(dir, name);
    if (await isSmallText(file)) return file;
  }
  return undefined;
}

async function isSmallText(file: string): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (stat.size === 0 || stat.size > maxSmallFile) return false;
    const head = (await fs.readFile(file)).subarray(0, 4096);
    return !head.includes(0);
  } catch {
    return false;
  }
}

/** A fenced markdown code block that no backtick run in the text can close early. */
export function fenced(text: string, file: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  const language = path.extname(file).slice(1).toLowerCase();
  return `${fence}${language}\n${text}${text.endsWith('\n') ? '' : '\n'}${fence}`;
}

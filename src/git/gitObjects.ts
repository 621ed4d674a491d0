// Reads objects of one repository through long-lived `git cat-file` processes (one for sizes and types, one for
// contents as git would check them out), started when first asked and ended after a while without questions. Asked in order, answered in
// order: a question is a line on the process's input, its answer a header line (and for contents, the bytes).
// No `vscode` here.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { GIT_GUARDS, gitEnvironment } from './gitCommand';

export interface ObjectInfo {
  oid: string;
  type: string;
  size: number;
}

/** How long a cat-file process waits for the next question before it ends. */
const IDLE_MS = 30_000;

interface Waiting {
  resolve(answer: { info: ObjectInfo; bytes?: Buffer } | undefined): void;
  reject(error: Error): void;
}

/** One `git cat-file --batch-check` or `--batch` process and the questions it has not answered yet. */
class CatFile {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly waiting: Waiting[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  /** The answer being read: its header, waiting for `size` bytes and a newline. */
  private reading: ObjectInfo | undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly root: string,
    private readonly mode: '--batch-check' | '--batch',
    /** For contents: `--filters`, as git would check the file out (line endings, LFS); a question is then `<oid> <path>`. */
    private readonly extra: readonly string[],
    private readonly program: string,
  ) {}

  ask(name: string): Promise<{ info: ObjectInfo; bytes?: Buffer } | undefined> {
    // A name cat-file cannot take on one line is no object it can find.
    if (/[\n\r]/.test(name)) return Promise.resolve(undefined);
    if (this.idle !== undefined) clearTimeout(this.idle);
    this.idle = undefined;
    const child = this.child ?? this.start();
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      child.stdin.write(`${name}\n`);
    });
  }

  dispose(): void {
    if (this.idle !== undefined) clearTimeout(this.idle);
    this.stop(new Error('The review stopped reading git objects.'));
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = spawn(this.program, [...GIT_GUARDS, 'cat-file', ...this.extra], { cwd: this.root, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.child = child;
    this.buffer = Buffer.alloc(0);
    this.reading = undefined;
    child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    child.stderr.on('data', () => undefined);
    child.stdin.on('error', () => undefined);
    const gone = (reason: string) => (): void => {
      if (this.child === child) this.stop(new Error(`git cat-file in ${this.root} ${reason}`));
    };
    child.on('error', (error) => gone(`could not run: ${error.message}`)());
    child.on('close', gone('ended'));
    return child;
  }

  private stop(error: Error): void {
    const child = this.child;
    this.child = undefined;
    child?.kill();
    this.waiting.splice(0).forEach((waiting) => waiting.reject(error));
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (this.reading) {
        const { size } = this.reading;
        if (this.buffer.length < size + 1) return;
        const bytes = this.buffer.subarray(0, size);
        this.buffer = this.buffer.subarray(size + 1);
        const info = this.reading;
        this.reading = undefined;
        this.answer({ info, bytes: Buffer.from(bytes) });
        continue;
      }
      const end = this.buffer.indexOf(0x0a);
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString('utf8');
      this.buffer = this.buffer.subarray(end + 1);
      // "<oid> <type> <size>" (and, for contents, " <path>").
      const [oid, type, size] = header.split(' ');
      const parsed = Number(size);
      if (type === undefined || size === undefined || !Number.isSafeInteger(parsed)) {
        // "<name> missing", "<name> ambiguous": no such object.
        this.answer(undefined);
        continue;
      }
      const info = { oid, type, size: parsed };
      if (this.mode === '--batch') this.reading = info;
      else this.answer({ info });
    }
  }

  private answer(answer: { info: ObjectInfo; bytes?: Buffer } | undefined): void {
    this.waiting.shift()?.resolve(answer);
    if (this.waiting.length === 0 && this.child) this.idle = setTimeout(() => this.stop(new Error('idle')), IDLE_MS);
  }
}

export class GitObjects {
  private readonly check: CatFile;
  private readonly contents: CatFile;

  constructor(root: string, program = 'git') {
    this.check = new CatFile(root, '--batch-check', ['--batch-check'], program);
    // With a format that has %(rest), git takes the path the filters need from after the object on the line.
    this.contents = new CatFile(root, '--batch', ['--batch=%(objectname) %(objecttype) %(objectsize) %(rest)', '--filters'], program);
  }

  /** What `name` (an object id, or `<tree>:<path>`) is, or undefined when there is no such object. */
  async info(name: string): Promise<ObjectInfo | undefined> {
    return (await this.check.ask(name))?.info;
  }

  /** The bytes of the file `<tree>:<path>` names, as git would check it out (ask `info` first for its size). */
  async bytes(name: string): Promise<Buffer | undefined> {
    const info = await this.info(name);
    if (info?.type !== 'blob') return undefined;
    return (await this.contents.ask(`${info.oid} ${name.slice(name.indexOf(':') + 1)}`))?.bytes;
  }

  dispose(): void {
    this.check.dispose();
    this.contents.dispose();
  }
}

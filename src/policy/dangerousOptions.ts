// Options that make an otherwise read-only tool write files or run programs. An allow pattern ending in a lone
// `*` ("git diff *") does not approve a command where that `*` covers one of them ("git diff --output=x"); the
// pattern has to spell the option out ("git diff --output=* *"). This is the one list of them (the README's
// "Permission rules" section summarises it); keep it tight: options that write a file, delete, or start another
// program, on tools people allow with a `*`.
//
// How options are recognised: `--name` also as `--name=value` and as any unambiguous-looking prefix (`--out`:
// GNU getopt and git accept abbreviations); `-x` also with its value attached (`-ofile`) and inside a cluster of
// one-letter flags (`-uo`) where the tool allows clusters; find's `-exec` only as the whole word. Options are
// looked at up to a `--` (after it come operands), except for find.

export interface WriteOrRunEntry {
  programs: readonly string[];
  options: readonly string[];
  /** What the options do, for the README and messages. */
  why: string;
}

/** The list, for documentation and tests; `writeOrRunWords` below applies it. */
export const WRITE_OR_RUN_OPTIONS: readonly WriteOrRunEntry[] = [
  { programs: ['git'], options: ['-c', '--config-env', '--exec-path'], why: 'before the subcommand: configuration that can name programs to run (core.pager, diff.external, core.fsmonitor, ...)' },
  { programs: ['git'], options: ['--output', '--ext-diff', '--textconv', '--upload-pack', '--exec'], why: 'write the output to a file, run external diff or textconv drivers, run a program as the remote end' },
  { programs: ['git grep'], options: ['-O', '--open-files-in-pager'], why: 'runs a program on the matching files' },
  { programs: ['find'], options: ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'], why: 'run programs, delete files, write files' },
  { programs: ['fd', 'fdfind'], options: ['-x', '--exec', '-X', '--exec-batch'], why: 'run programs on the results' },
  { programs: ['sed'], options: ['-i', '--in-place', '-f', '--file', 'w/W/e commands and s///w, s///e in the script'], why: 'edit files in place, write files, run the pattern space as a command (a script file cannot be checked)' },
  { programs: ['sort'], options: ['-o', '--output', '--compress-program'], why: 'write the output to a file, run a compressor' },
  { programs: ['rg'], options: ['--pre'], why: 'runs a program on every file searched' },
  { programs: ['tar'], options: ['-c', '-x', '-r', '-u', '-A', '--create', '--extract', '--get', '--append', '--update', '--catenate', '--concatenate', '--delete', '-I', '--use-compress-program', '--to-command', '--checkpoint-action', '--rsh-command', '-F', '--info-script', '--new-volume-script'], why: 'anything but listing writes files or runs programs' },
  { programs: ['awk', 'gawk', 'mawk', 'nawk'], options: ['the program text', '-f', '--file', '-e', '--source', '-E', '--exec', '-i', '--include', '-l', '--load'], why: 'an awk program can write files and run commands (system(), print > file, | pipes): a pattern must spell out the program' },
];

function programName(word: string): string {
  return word.slice(word.lastIndexOf('/') + 1);
}

/** Does the word spell the option? `cluster`: one-letter flags may be grouped (`-uo`). */
function spells(word: string, option: string, cluster: boolean): boolean {
  if (option.startsWith('--')) {
    const name = word.split('=', 1)[0];
    return name.startsWith('--') && name.length > 2 && option.startsWith(name);
  }
  if (option.length > 2) return word === option;
  if (word === option || (word.startsWith(option) && !word.startsWith('--'))) return true;
  return cluster && /^-[A-Za-z0-9]+$/.test(word) && word.includes(option[1]);
}

/** The indices of the words (up to `--`) that spell one of the options. */
function optionWords(argv: readonly string[], from: number, options: readonly string[], cluster: boolean, stopAtDashes = true): number[] {
  const found: number[] = [];
  for (let i = from; i < argv.length; i++) {
    if (stopAtDashes && argv[i] === '--') break;
    if (argv[i].startsWith('-') && options.some((option) => spells(argv[i], option, cluster))) found.push(i);
  }
  return found;
}

/** git: global options before the subcommand, then the subcommand's. */
function gitWords(argv: readonly string[]): number[] {
  const found: number[] = [];
  let i = 1;
  for (; i < argv.length && argv[i].startsWith('-'); i++) {
    if (['-c', '--config-env', '--exec-path'].some((option) => spells(argv[i], option, false))) found.push(i);
    if (['-c', '-C', '--git-dir', '--work-tree', '--namespace', '--config-env'].includes(argv[i])) i++;
  }
  const after = optionWords(argv, i + 1, ['--output', '--ext-diff', '--textconv', '--upload-pack', '--exec'], false);
  const grep = argv[i] === 'grep' ? optionWords(argv, i + 1, ['-O', '--open-files-in-pager'], true) : [];
  return [...found, ...after, ...grep];
}

/** Does a sed script write files or run commands (`w`, `W`, `e`, the `w`/`e` flags of `s`)? Unknown: yes. */
export function sedScriptWritesOrRuns(script: string): boolean {
  let i = 0;
  const skipTo = (stops: string): void => {
    while (i < script.length && !stops.includes(script[i])) i++;
  };
  /** Past a delimited part (`/re/`), escapes included; false when it is not closed. */
  const delimited = (delimiter: string): boolean => {
    for (; i < script.length; i++) {
      if (script[i] === '\\') i++;
      else if (script[i] === delimiter) {
        i++;
        return true;
      }
    }
    return false;
  };
  while (i < script.length) {
    const char = script[i];
    if (' \t\n;{}!'.includes(char) || /[0-9$,~+]/.test(char)) {
      i++;
      continue;
    }
    if (char === '/' || char === '\\') {
      i += char === '\\' ? 2 : 1;
      if (!delimited(char === '\\' ? script[i - 1] : '/')) return true;
      continue;
    }
    i++;
    if ('wWe'.includes(char)) return true;
    if (char === 's' || char === 'y') {
      const delimiter = script[i++];
      if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') return true;
      if (!delimited(delimiter) || !delimited(delimiter)) return true;
      const flagsStart = i;
      skipTo(';\n}');
      if (char === 's' && /[we]/.test(script.slice(flagsStart, i))) return true;
    } else if ('aicrRbtTv:#'.includes(char)) skipTo('\n');
    else if ('lLqQ'.includes(char)) while (/[0-9 ]/.test(script[i] ?? '')) i++;
    else if (!'pPdDnNgGhHxzF='.includes(char)) return true;
  }
  return false;
}

function sedWords(argv: readonly string[]): number[] {
  const found = optionWords(argv, 1, ['-i', '--in-place', '-f', '--file'], true);
  let sawScriptOption = false;
  let firstOperand: number | undefined;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      if (firstOperand === undefined && i + 1 < argv.length) firstOperand = i + 1;
      break;
    }
    let script: number | undefined;
    let text: string | undefined;
    if (word === '--expression' || (/^-[A-Za-z]*e$/.test(word) && !word.startsWith('--'))) {
      script = i + 1;
      text = argv[i + 1];
      i++;
    } else if (word.startsWith('--expression=')) {
      script = i;
      text = word.slice('--expression='.length);
    } else if (/^-[A-Za-z]*e./.test(word)) {
      script = i;
      text = word.slice(word.indexOf('e') + 1);
    } else if (word === '-l' || word === '--line-length') i++;
    else if (spells(word, '-f', true) || spells(word, '--file', false)) {
      sawScriptOption = true;
      if (word === '-f' || word === '--file' || /^-[A-Za-z]*f$/.test(word)) i++;
    }
    else if (!word.startsWith('-') && firstOperand === undefined) firstOperand = i;
    if (script !== undefined) {
      sawScriptOption = true;
      if (text === undefined || sedScriptWritesOrRuns(text)) found.push(script);
    }
  }
  if (!sawScriptOption && firstOperand !== undefined && sedScriptWritesOrRuns(argv[firstOperand])) found.push(firstOperand);
  return found;
}

function awkWords(argv: readonly string[]): number[] {
  const programOptions = ['-f', '--file', '-e', '--source', '-E', '--exec', '-i', '--include', '-l', '--load'];
  const found: number[] = [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      if (found.length === 0 && i + 1 < argv.length) found.push(i + 1);
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      if (found.length === 0) found.push(i);
      break;
    }
    if (programOptions.some((option) => spells(word, option, false))) found.push(i);
    if (['-f', '-e', '-E', '-i', '-l', '-v', '-F', '--file', '--source', '--exec', '--include', '--load', '--assign', '--field-separator'].includes(word)) i++;
  }
  return found;
}

function tarWords(argv: readonly string[]): number[] {
  const found = optionWords(argv, 1, WRITE_OR_RUN_OPTIONS.find((entry) => entry.programs.includes('tar'))?.options ?? [], true);
  // Old style: the first word is a cluster without its dash ("xzf").
  if (argv.length > 1 && !argv[1].startsWith('-') && /[cxruAIF]/.test(argv[1])) found.push(1);
  return found;
}

/** The indices of the words of a simple command that make it write files or run programs (see the list). */
export function writeOrRunWords(argv: readonly string[]): number[] {
  const program = programName(argv[0] ?? '');
  const options = (name: string): readonly string[] => WRITE_OR_RUN_OPTIONS.find((entry) => entry.programs.includes(name))?.options ?? [];
  switch (program) {
    case 'git':
      return gitWords(argv);
    case 'find':
      return optionWords(argv, 1, options('find'), false, false);
    case 'fd':
    case 'fdfind':
      return optionWords(argv, 1, options('fd'), true);
    case 'sed':
      return sedWords(argv);
    case 'sort':
      return optionWords(argv, 1, options('sort'), true);
    case 'rg':
      return optionWords(argv, 1, options('rg'), false);
    case 'tar':
      return tarWords(argv);
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return awkWords(argv);
    default:
      return [];
  }
}

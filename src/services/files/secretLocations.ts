// Places where secrets are kept: an agent's read or write there is asked about every time, inside the workspace
// folders or not, whatever the user allowed before in the session (a session grant never covers them; the setting
// acp.files.outsideRoots "allow" does not either). Written as data; checked on the path as asked for and on where it
// really leads (the caller passes both), so a symlink or `..` into one of them is caught. Pure (no I/O).
//
// Beyond ~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh, .env files and /proc: the files where the everyday tools keep
// logins and tokens in plain text (curl/git's ~/.netrc and ~/.git-credentials, npm's ~/.npmrc, PyPI's ~/.pypirc,
// Docker's ~/.docker/config.json, kubectl's ~/.kube, the Google Cloud and Azure CLIs' folders).
import * as path from 'node:path';
import { isWithin } from './pathAccess';

export interface SecretLocation {
  /** The place as the user knows it: `~/.ssh`, `.env files`, `/proc`. */
  place: string;
  /** What is kept there, as a plural noun phrase ("SSH keys"). */
  what: string;
}

interface HomePlace {
  /** Below the home folder (`/`-separated): a folder (everything in it) or a file. */
  home: string;
  what: string;
}

interface SystemPlace {
  /** An absolute folder. */
  absolute: string;
  what: string;
}

interface NamedFile {
  /** Any file whose name matches, wherever it is. */
  name: RegExp;
  place: string;
  what: string;
}

const HOME_PLACES: readonly HomePlace[] = [
  { home: '.ssh', what: 'SSH keys' },
  { home: '.aws', what: 'AWS credentials' },
  { home: '.gnupg', what: 'GnuPG keys' },
  { home: '.config/gh', what: 'GitHub CLI tokens' },
  { home: '.netrc', what: 'passwords for curl, git and ftp' },
  { home: '.git-credentials', what: 'git passwords and tokens' },
  { home: '.npmrc', what: 'npm registry tokens' },
  { home: '.pypirc', what: 'PyPI upload tokens' },
  { home: '.docker/config.json', what: 'container registry logins' },
  { home: '.kube', what: 'Kubernetes cluster credentials' },
  { home: '.config/gcloud', what: 'Google Cloud credentials' },
  { home: '.azure', what: 'Azure credentials' },
];

const SYSTEM_PLACES: readonly SystemPlace[] = [{ absolute: '/proc', what: 'the environment and memory of running processes' }];

// `.env.example` and its kin are the templates a project commits (names, no values): agents read them often.
const NAMED_FILES: readonly NamedFile[] = [
  { name: /^\.env(?!\.(example|sample|template|dist)$)(\..+)?$/i, place: '.env files', what: 'environment settings such as API keys' },
];

/** The secret place `file` (absolute, normalised) is in, if any; `home` is the user's home folder. */
export function secretLocationOf(file: string, home: string): SecretLocation | undefined {
  const named = NAMED_FILES.find((entry) => entry.name.test(path.basename(file)));
  if (named) return { place: named.place, what: named.what };
  if (home !== '') {
    const inHome = HOME_PLACES.find((entry) => isWithin(file, path.join(home, ...entry.home.split('/'))));
    if (inHome) return { place: `~/${inHome.home}`, what: inHome.what };
  }
  const system = SYSTEM_PLACES.find((entry) => isWithin(file, entry.absolute));
  return system ? { place: system.absolute, what: system.what } : undefined;
}

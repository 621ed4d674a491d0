// What an agent's access to a file asks of the user: whether it is inside the session's roots (judged on where it
// really leads, pathAccess.ts), the folder a session grant for it would cover (the real path's folder), and the place
// where secrets are kept that it is in (secretLocations.ts; checked on the path as asked for and where it leads,
// against the home folder as given and as it really is). Node only (real paths), no vscode.
import * as path from 'node:path';
import { checkPathAccess, PathAccess, realPathOfNearest } from './pathAccess';
import { SecretLocation, secretLocationOf } from './secretLocations';

export interface FileAccess extends PathAccess {
  /** The folder an "allow for this session" answer covers: where the file really is. */
  folder: string;
  secret?: SecretLocation;
}

async function homeFolders(home: string): Promise<string[]> {
  if (home === '') return [];
  const given = path.resolve(home);
  return [...new Set([given, await realPathOfNearest(given).catch(() => given)])];
}

export async function examineFileAccess(file: string, roots: readonly string[], home: string): Promise<FileAccess> {
  const access = await checkPathAccess(file, roots);
  const homes = await homeFolders(home);
  let secret: SecretLocation | undefined;
  for (const candidate of [access.realPath, access.path]) {
    for (const folder of homes.length > 0 ? homes : ['']) secret ??= secretLocationOf(candidate, folder);
  }
  return { ...access, folder: path.dirname(access.realPath), ...(secret ? { secret } : {}) };
}

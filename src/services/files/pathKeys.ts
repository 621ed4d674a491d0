// Map keys for file paths: case-folded where the file system usually ignores case.
export const caseInsensitivePaths = process.platform === 'win32' || process.platform === 'darwin';

export function caseKey(file: string): string {
  return caseInsensitivePaths ? file.toLowerCase() : file;
}

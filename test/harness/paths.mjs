// Where things are: the repository, the built extension, the compiled tests, fixtures and artifacts.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const extensionEntry = path.join(repoRoot, 'dist', 'extension.js');
export const integrationTestsEntry = path.join(repoRoot, 'out', 'test', 'integration', 'index.js');
export const fixtureWorkspace = path.join(repoRoot, 'test', 'fixtures', 'workspace');
export const artifactsDir = path.join(repoRoot, '.test-artifacts');

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The jsii staging copy (scripts/jsii/build.js), which `npm test` builds before these suites run. */
export const STAGING = join(__dirname, '..', '..', 'build', 'jsii');

/** The staged assembly's path; a clear error when the staging build is missing. */
export function stagedAssemblyFile(): string {
  const file = join(STAGING, '.jsii');
  if (!existsSync(file)) {
    throw new Error('build/jsii/.jsii is missing: run `npx projen jsii` (npm test runs it first)');
  }
  return file;
}

/** The staged assembly, read as the shape the caller declares. */
export function readStagedAssembly<T>(): T {
  return JSON.parse(readFileSync(stagedAssemblyFile(), 'utf8')) as T;
}

/**
 * The lifecycle suite's app synthesized by another source tree of the library (the previous
 * release): `node -r ts-node/register/transpile-only previous-release-app.ts ROOT`, the
 * installation-wide props as JSON on stdin; prints the manifests as JSON.
 */
import { readFileSync } from 'node:fs';
import { libraryAt, platformApp, pool } from './lifecycle-fixtures';

const [root] = process.argv.slice(2);
const props = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(platformApp(props, [pool('md-0')], libraryAt(root))));

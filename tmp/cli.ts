import { readFileSync } from 'node:fs';
import { runImportCommand } from '../src/cli/import';
const [from, file] = process.argv.slice(2);
const r = runImportCommand(['--from', from, file, '--check-no-roll']);
console.log(r.exitCode, r.stderr, r.stdout.split('\n').slice(-4).join('\n'));

#!/usr/bin/env node
import { runCommand } from './cli';

async function main(argv: readonly string[]): Promise<void> {
  const result = await runCommand(argv);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

void main(process.argv.slice(2));

#!/usr/bin/env node
import type * as CheckCommand from './check';
import { runCli } from './cli';

/** `check` and the network code it needs load only for a check. */
function runCheckCommand(argv: readonly string[]): Promise<CheckCommand.CheckCommandResult> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('./check') as typeof CheckCommand).runCheckCommand(argv);
}

/** `check` connects to the network, so it is asynchronous; every other command is a pure function of argv. */
async function main(argv: readonly string[]): Promise<void> {
  const result = argv[0] === 'check' ? await runCheckCommand(argv.slice(1)) : runCli(argv);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

void main(process.argv.slice(2));

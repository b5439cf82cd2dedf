import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OperationRequest, OperationResult } from './operation';
import { ControlPlane, TOOLS_BIN } from '../support/control-plane/control-plane';
import { REPO_ROOT } from '../support/module-loading';

/** The passphrase of the stacks' secrets provider (the file backend's `passphrase` provider). */
export const PASSPHRASE = 'engine-suite-passphrase';

const OPERATION_TIMEOUT_MS = 300_000;

/** A program the engine runs: its text, and the library source tree its imports resolve to. */
export interface EngineProgram {
  /** The program's path in the repository (`examples/pulumi/index.ts`), as errors report it. */
  readonly path: string;
  readonly text: string;
  /** The library source tree (`REPO_ROOT`, or a previous release's). @default REPO_ROOT */
  readonly libraryRoot?: string;
}

/** The program of an example as the library source tree at `libraryRoot` has it (this checkout's by default). */
export function exampleProgram(name: string, libraryRoot = REPO_ROOT): EngineProgram {
  const path = join(libraryRoot, 'examples', name, 'index.ts');
  return { path, text: readFileSync(path, 'utf8'), libraryRoot };
}

/** Options of {@link EngineStack.run}. */
export interface RunOptions {
  /** `export`: the plain form (`--show-secrets`). */
  readonly showSecrets?: boolean;
  /** Variables the program reads from its environment. */
  readonly programEnvironment?: Record<string, string>;
}

/**
 * A stack of one project in a file backend of its own, deployed by the Pulumi CLI of the test
 * tools to a control plane: its provider plugin is the Kubernetes provider on the PATH (an ambient
 * plugin), nothing is downloaded.
 */
export class EngineStack {
  private readonly backendDirectory: string;
  private readonly workDirectory: string;

  constructor(
    private readonly controlPlane: ControlPlane,
    directory: string,
    public readonly projectName: string,
    public readonly stackName = 'e2e',
  ) {
    this.backendDirectory = join(directory, 'backend');
    this.workDirectory = join(directory, 'project');
    mkdirSync(this.backendDirectory, { recursive: true });
    mkdirSync(this.workDirectory, { recursive: true });
  }

  /** The environment of the CLI and its plugins. */
  public get environment(): Record<string, string> {
    return {
      PATH: `${TOOLS_BIN}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      PULUMI_HOME: join(this.workDirectory, '.pulumi-home'),
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_SKIP_UPDATE_CHECK: 'true',
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: 'true',
      PULUMI_DIY_BACKEND_NO_LEGACY_WARNING: 'true',
      KUBECONFIG: this.controlPlane.kubeconfig,
    };
  }

  /** The stack's state file in the backend, as the engine wrote it. */
  public stateFile(): string {
    return readFileSync(join(this.backendDirectory, '.pulumi', 'stacks', this.projectName, `${this.stackName}.json`), 'utf8');
  }

  /** Run one operation of the program with this config; a failure throws with what the engine printed. */
  public run(operation: OperationRequest['operation'], program: EngineProgram, config: OperationRequest['config'], options: RunOptions = {}): OperationResult {
    const request: OperationRequest = {
      libraryRoot: program.libraryRoot ?? REPO_ROOT,
      programText: program.text,
      programPath: program.path,
      projectName: this.projectName,
      stackName: this.stackName,
      backendDirectory: this.backendDirectory,
      workDirectory: this.workDirectory,
      pulumiRoot: join(TOOLS_BIN, '..'),
      config,
      environment: this.environment,
      operation,
      showSecrets: options.showSecrets,
    };
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'run-operation.ts')], {
      cwd: REPO_ROOT, env: { ...process.env, ...options.programEnvironment }, input: JSON.stringify(request), encoding: 'utf8', timeout: OPERATION_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024,
    });
    if (run.status !== 0) {
      throw new Error(`pulumi ${operation} of ${relative(REPO_ROOT, program.path)} failed (${run.status ?? run.signal}):\n${run.stderr}`);
    }
    return JSON.parse(run.stdout);
  }
}

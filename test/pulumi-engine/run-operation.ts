/**
 * One Pulumi operation on one stack, run by the real engine (the Pulumi CLI) in a process of its
 * own: `node -r ts-node/register/transpile-only run-operation.ts`, an {@link OperationRequest} as
 * JSON on stdin; prints an {@link OperationResult} as JSON.
 *
 * The program runs as an Automation API inline program: @pulumi/pulumi serves the language runtime
 * to the CLI itself (`--client`), so no Node.js language host plugin is needed (its Go module is
 * not served by the module proxy these machines reach). The engine, its state, the Kubernetes
 * provider and the API server are the real ones.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import * as automation from '@pulumi/pulumi/automation';
import * as ts from 'typescript';
import { OperationRequest, OperationResult, Step, TEST_CLUSTER_ANNOTATIONS } from './operation';

function withTestClusterAnnotations(args: pulumi.ResourceTransformArgs): pulumi.ResourceTransformResult | undefined {
  if (!args.custom || !args.type.startsWith('kubernetes:') || args.type.startsWith('pulumi:providers:')) {
    return undefined;
  }
  const annotate = (m: any) => ({ ...m, annotations: { ...m?.annotations, ...TEST_CLUSTER_ANNOTATIONS } });
  const metadata = pulumi.Output.isInstance(args.props.metadata) ? args.props.metadata.apply(annotate) : annotate(args.props.metadata);
  return { props: { ...args.props, metadata }, opts: args.opts };
}

/** The program as the language host would run it, its package imports resolved to `libraryRoot`. */
function runProgram(request: OperationRequest): Record<string, unknown> {
  const modules: Record<string, string> = {
    'cluster-proxy-constructs': join(request.libraryRoot, 'src'),
    'cluster-proxy-constructs/pulumi': join(request.libraryRoot, 'src', 'pulumi'),
  };
  const { outputText } = ts.transpileModule(request.programText, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: request.programPath,
  });
  const module = { exports: {} as Record<string, unknown> };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (id: string): unknown => require(modules[id] ?? id);
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(
    module.exports, load, module, request.programPath, dirname(request.programPath));
  return module.exports;
}

/** The step an event announces (the engine announces each before it runs it, in a preview too). */
function stepOf(event: automation.EngineEvent): Step | undefined {
  const metadata = event.resourcePreEvent?.metadata;
  if (!metadata) {
    return undefined;
  }
  return {
    op: metadata.op,
    urn: metadata.urn,
    type: metadata.type,
  };
}

/**
 * `pulumi stack export`: the state as the backend keeps it (secrets encrypted), or with
 * `--show-secrets` in plain text. (The Automation API's `exportStack` always shows secrets.)
 */
function exportState(request: OperationRequest): unknown {
  const flags = request.showSecrets ? ['--show-secrets'] : [];
  const run = spawnSync(join(request.pulumiRoot, 'bin', 'pulumi'), ['stack', 'export', ...flags, '--stack', request.stackName, '--non-interactive'], {
    cwd: request.workDirectory, env: { ...process.env, ...request.environment }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) {
    throw new Error(`pulumi stack export failed: ${run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

async function main(): Promise<void> {
  const request: OperationRequest = JSON.parse(readFileSync(0, 'utf8'));
  const pulumiCommand = await automation.PulumiCommand.get({ root: request.pulumiRoot, skipVersionCheck: false });
  const program = async () => {
    pulumi.runtime.registerResourceTransform(withTestClusterAnnotations);
    return runProgram(request);
  };
  const stack = await automation.LocalWorkspace.createOrSelectStack({ projectName: request.projectName, stackName: request.stackName, program }, {
    pulumiCommand,
    workDir: request.workDirectory,
    envVars: request.environment,
    secretsProvider: 'passphrase',
    projectSettings: { name: request.projectName, runtime: 'nodejs', backend: { url: `file://${request.backendDirectory}` } },
  });
  for (const [key, config] of Object.entries(request.config)) {
    await stack.setConfig(key, { value: config.value, secret: config.secret ?? false });
  }
  const steps: Step[] = [];
  const onEvent = (event: automation.EngineEvent) => {
    const step = stepOf(event);
    if (step) {
      steps.push(step);
    }
  };
  let result: OperationResult;
  switch (request.operation) {
    case 'up': {
      const up = await stack.up({ onEvent, diff: true });
      result = { stdout: up.stdout, stderr: up.stderr, changes: up.summary.resourceChanges ?? {}, steps, outputs: up.outputs };
      break;
    }
    case 'preview': {
      const preview = await stack.preview({ onEvent, diff: true });
      result = { stdout: preview.stdout, stderr: preview.stderr, changes: preview.changeSummary, steps };
      break;
    }
    case 'refresh': {
      const refresh = await stack.refresh({ onEvent });
      result = { stdout: refresh.stdout, stderr: refresh.stderr, changes: refresh.summary.resourceChanges ?? {}, steps };
      break;
    }
    case 'destroy': {
      const destroy = await stack.destroy({ onEvent });
      result = { stdout: destroy.stdout, stderr: destroy.stderr, changes: destroy.summary.resourceChanges ?? {}, steps };
      break;
    }
    case 'export': {
      const deployment = exportState(request);
      result = { stdout: '', stderr: '', changes: {}, steps, deployment };
      break;
    }
  }
  process.stdout.write(JSON.stringify(result));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

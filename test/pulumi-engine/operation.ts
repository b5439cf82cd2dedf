/** What the engine suite asks of run-operation.ts, and what it answers. */

/** What the test asks for. */
export interface OperationRequest {
  /** The library source tree the program's `cluster-proxy-constructs` imports resolve to (its `src/`). */
  readonly libraryRoot: string;
  /** The program's text and the path it is reported under (`examples/pulumi/index.ts`). */
  readonly programText: string;
  readonly programPath: string;
  readonly projectName: string;
  readonly stackName: string;
  /** The file backend's directory, the project's directory (Pulumi.yaml and the stack's settings) and the directory holding `bin/pulumi`. */
  readonly backendDirectory: string;
  readonly workDirectory: string;
  readonly pulumiRoot: string;
  /** The stack's config, set before the operation (`pulumi config set [--secret]`). */
  readonly config: Record<string, { readonly value: string; readonly secret?: boolean }>;
  readonly environment: Record<string, string>;
  readonly operation: 'up' | 'preview' | 'refresh' | 'destroy' | 'export';
  /** `export` only: the plain form (`pulumi stack export --show-secrets`). */
  readonly showSecrets?: boolean;
}

/** One resource step the engine reported. */
export interface Step {
  readonly op: string;
  readonly urn: string;
  readonly type: string;
}

/** What the operation did: its output as a user sees it, its summary and every step. */
export interface OperationResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly changes: Record<string, number>;
  readonly steps: readonly Step[];
  readonly outputs?: Record<string, { readonly value: unknown; readonly secret: boolean }>;
  readonly deployment?: unknown;
}

/**
 * Annotations the test control plane needs and a real cluster does not: no kubelet or controller
 * runs there, so a Deployment never becomes available (the provider would wait for it) and no
 * garbage collector removes the foreground-deletion finalizer (a destroy would wait forever).
 */
export const TEST_CLUSTER_ANNOTATIONS: Record<string, string> = {
  'pulumi.com/skipAwait': 'true',
  'pulumi.com/deletionPropagationPolicy': 'background',
};

import { invalidValue } from '../../primitives/errors';
import { assertDnsLabel, assertObjectName } from '../../primitives/k8s/names';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';

/** Workload kinds the Kustomize patches address (`apps/v1`, pod template at `spec.template`). */
export enum KustomizeWorkloadKind {
  /** An `apps/v1` Deployment. */
  DEPLOYMENT = 'Deployment',
  /** An `apps/v1` StatefulSet. */
  STATEFUL_SET = 'StatefulSet',
  /** An `apps/v1` DaemonSet. */
  DAEMON_SET = 'DaemonSet',
}

/** One container to give the proxy env. */
export interface KustomizeContainer {
  /** Container name (the strategic merge key). */
  readonly name: string;
  /**
   * Position in `spec.template.spec.containers`: required for JSON 6902 patches, which address
   * containers by index (a `test` operation checks the name there first).
   *
   * @default - unknown (strategic merge only)
   */
  readonly index?: number;
}

/** A workload in the Kustomize base to patch. */
export interface KustomizeTarget {
  /**
   * Workload kind.
   *
   * @default 'Deployment'
   */
  readonly kind?: KustomizeWorkloadKind;
  /** Workload name, e.g. `source-controller`. */
  readonly name: string;
  /**
   * Workload namespace, e.g. `flux-system`.
   *
   * @default - any namespace (Kustomize matches by kind and name)
   */
  readonly namespace?: string;
  /** The containers to patch, e.g. `[{ name: 'manager', index: 0 }]`. */
  readonly containers: KustomizeContainer[];
}

/** A validated target, its kind resolved. */
export type ResolvedKustomizeTarget = KustomizeTarget & Required<Pick<KustomizeTarget, 'kind'>>;

const TARGET_KEYS = propKeys<KustomizeTarget>({ kind: true, name: true, namespace: true, containers: true });
const CONTAINER_KEYS = propKeys<KustomizeContainer>({ name: true, index: true });

const KINDS: ReadonlySet<string> = new Set(Object.values(KustomizeWorkloadKind));

/** Validate the targets, naming `targets[i]...` in errors. */
export function resolveKustomizeTargets(targets: unknown): ResolvedKustomizeTarget[] {
  if (!Array.isArray(targets) || targets.length === 0) {
    throw invalidValue('targets', targets, 'must list at least one workload, e.g. [{ name: "source-controller", containers: [{ name: "manager" }] }]');
  }
  return targets.map((target: KustomizeTarget, i) => {
    const field = `targets[${i}]`;
    checkProps(field, target, TARGET_KEYS, 'Kustomize target prop');
    const kind = target.kind ?? KustomizeWorkloadKind.DEPLOYMENT;
    if (!KINDS.has(kind)) {
      throw invalidValue(`${field}.kind`, kind, 'must be Deployment, StatefulSet or DaemonSet');
    }
    if (!Array.isArray(target.containers) || target.containers.length === 0) {
      throw invalidValue(`${field}.containers`, target.containers, 'must name at least one container');
    }
    const containers = target.containers.map((container, j) => {
      checkProps(`${field}.containers[${j}]`, container, CONTAINER_KEYS, 'container prop');
      assertDnsLabel(`${field}.containers[${j}].name`, container?.name);
      if (container.index !== undefined && (!Number.isInteger(container.index) || container.index < 0)) {
        throw invalidValue(`${field}.containers[${j}].index`, container.index, 'must be a non-negative integer');
      }
      return container;
    });
    return {
      kind,
      name: assertObjectName(`${field}.name`, target.name),
      ...(target.namespace === undefined ? {} : { namespace: assertDnsLabel(`${field}.namespace`, target.namespace) }),
      containers,
    };
  });
}

/** Kustomize's target selector for a workload. */
export function kustomizeSelector(target: ResolvedKustomizeTarget): { [key: string]: string } {
  return { group: 'apps', version: 'v1', kind: target.kind, name: target.name, ...(target.namespace ? { namespace: target.namespace } : {}) };
}

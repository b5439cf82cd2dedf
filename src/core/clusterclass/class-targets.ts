import { BOOTSTRAP_API_GROUP, CapiVersion, CLUSTER_API_GROUP, CONTROL_PLANE_API_GROUP, isKind } from '../capi/capi-version';
import { describeValue, invalidValue, kindForError, ProxyConfigError } from '../primitives/errors';
import { KubeObject } from '../primitives/k8s/manifest';
import { checkJsonData, isRecord } from '../primitives/validation/json-data';

/**
 * The kubeadm templates a ClusterClass uses: its KubeadmControlPlaneTemplate and the
 * KubeadmConfigTemplate of every worker class, found through the references, which Cluster API
 * spells differently per version:
 *  - v1beta1: `spec.controlPlane.ref`, `spec.workers.machineDeployments[].template.bootstrap.ref`
 *    (and `machinePools[]`), `{ apiVersion, kind, name }`;
 *  - v1beta2: `spec.controlPlane.templateRef`, `spec.workers.machineDeployments[].bootstrap.templateRef`
 *    (and `machinePools[]`), `{ apiVersion, kind, name }`.
 */

/** One template the proxy patches change, and which part of the class uses it. */
export interface ClassTarget {
  /** `controlPlane`, or the worker class kind. */
  readonly role: 'controlPlane' | 'machineDeploymentClass' | 'machinePoolClass';
  /**
   * The worker class name.
   *
   * @default - none for the control plane
   */
  readonly className?: string;
  /** The template's `apiVersion` as the class references it (the patch selector matches it). */
  readonly apiVersion: string;
  /** `KubeadmControlPlaneTemplate` or `KubeadmConfigTemplate`. */
  readonly kind: string;
  /** The template object. */
  readonly template: KubeObject;
  /** Property path of the KubeadmConfigSpec inside the template. */
  readonly specPath: string[];
  /** Where the reference is in the class, for error messages. */
  readonly field: string;
}

type Json = Record<string, any>;

/** The Cluster API version of a ClusterClass object (refuses other kinds). */
export function clusterClassVersion(clusterClass: unknown): CapiVersion {
  const object = clusterClass as Json | null;
  if (!object || typeof object !== 'object' || object.kind !== 'ClusterClass'
    || (object.apiVersion !== `${CLUSTER_API_GROUP}/v1beta1` && object.apiVersion !== `${CLUSTER_API_GROUP}/v1beta2`)) {
    throw invalidValue('clusterClass', kindForError(object),
      `must be a ${CLUSTER_API_GROUP}/v1beta1 or v1beta2 ClusterClass`);
  }
  return object.apiVersion.split('/')[1] as CapiVersion;
}

/** Which worker classes get the proxy patches (the control plane always does). */
export interface WorkerClassSelection {
  /**
   * Only these worker classes (MachineDeployment or MachinePool class names).
   *
   * @default - every worker class of the ClusterClass
   */
  readonly workerClasses?: string[];
  /**
   * Worker classes left out, e.g. a Windows class whose nodes are not bootstrapped with the
   * library's Linux files, or whose own patch replaces the whole `files` list.
   *
   * @default - none
   */
  readonly excludedWorkerClasses?: string[];
}

/**
 * Every kubeadm template the class uses, with the role it plays; workers in class order. Worker
 * classes outside `selection` are skipped (their templates are not needed).
 */
export function classTargets(clusterClass: KubeObject, templates: KubeObject[], selection: WorkerClassSelection = {}): ClassTarget[] {
  clusterClassVersion(clusterClass); // refuses anything but a ClusterClass before reading it
  checkJsonData('clusterClass', clusterClass);
  if (!Array.isArray(templates)) {
    throw invalidValue('templates', templates, 'must be an array of the kubeadm templates the class references');
  }
  checkJsonData('templates', templates);
  templates.forEach((template, index) => {
    if (!isRecord(template)) {
      throw invalidValue(`templates[${index}]`, template, 'must be a Kubernetes object');
    }
  });
  const [controlPlane, ...workers] = classReferences(clusterClass);
  const controlPlaneTarget = target(templates, clusterClass, controlPlane);
  const selected = workerClassFilter(workers.map((worker) => worker.className!), selection);
  return [controlPlaneTarget, ...workers.filter((worker) => selected(worker.className!)).map((worker) => target(templates, clusterClass, worker))];
}

/** What a patch selector is matched against: the role of a template in the class and its reference. */
export type SelectorSubject = Pick<ClassTarget, 'role' | 'className' | 'apiVersion' | 'kind'>;

/**
 * Every worker class of the class as a patch selector sees it (selected for the proxy or not, and
 * whatever its bootstrap template), with the control plane: a patch of the class can select any.
 */
export function classSelectorSubjects(clusterClass: KubeObject): SelectorSubject[] {
  return classReferences(clusterClass).flatMap(({ role, className, reference }) => (
    reference && typeof reference === 'object' && typeof reference.apiVersion === 'string' && typeof reference.kind === 'string'
      ? [{ role, ...(className !== undefined ? { className } : {}), apiVersion: reference.apiVersion, kind: reference.kind }]
      : []));
}

/** A template reference of the class: the role it plays, where it is, and the reference as written. */
interface ClassReference extends Pick<ClassTarget, 'role' | 'className' | 'field'> {
  readonly reference: Json | undefined;
}

/** The control plane's template reference, then the bootstrap template reference of every worker class, in class order. */
function classReferences(clusterClass: KubeObject): ClassReference[] {
  const version = clusterClassVersion(clusterClass);
  const spec = ((clusterClass as Json).spec ?? {}) as Json;
  const refKey = version === CapiVersion.V1BETA1 ? 'ref' : 'templateRef';
  const path = version === CapiVersion.V1BETA1 ? ['template', 'bootstrap', 'ref'] : ['bootstrap', 'templateRef'];
  const workers = ([['machineDeploymentClass', 'machineDeployments'], ['machinePoolClass', 'machinePools']] as const).flatMap(([role, listName]) => {
    const classes = spec.workers?.[listName] ?? [];
    return (Array.isArray(classes) ? classes : []).map((workerClass: Json, index: number): ClassReference => ({
      role,
      className: String(workerClass?.class),
      reference: path.reduce((node: Json | undefined, key) => node?.[key], workerClass),
      field: `spec.workers.${listName}[${index}].${path.join('.')}`,
    }));
  });
  return [{ role: 'controlPlane', reference: spec.controlPlane?.[refKey], field: `spec.controlPlane.${refKey}` }, ...workers];
}

/** Validate the selection against the class's worker class names (a misspelled name would silently patch everything). */
function workerClassFilter(classNames: string[], selection: WorkerClassSelection): (className: string) => boolean {
  const known = new Set(classNames);
  const parse = (field: string, value: unknown): Set<string> | undefined => {
    if (value === undefined) {
      return undefined;
    }
    if (!Array.isArray(value)) {
      throw invalidValue(field, value, 'must be an array of worker class names');
    }
    value.forEach((name, index) => {
      if (typeof name !== 'string' || !known.has(name)) {
        throw invalidValue(`${field}[${index}]`, name, `must name a worker class of the ClusterClass (${[...known].join(', ') || 'it has none'})`);
      }
    });
    return new Set(value);
  };
  const only = parse('workerClasses', selection.workerClasses);
  const excluded = parse('excludedWorkerClasses', selection.excludedWorkerClasses) ?? new Set();
  return (className) => (only === undefined || only.has(className)) && !excluded.has(className);
}

/** The target a reference names: the control plane's KubeadmControlPlaneTemplate or a worker class's KubeadmConfigTemplate. */
function target(templates: KubeObject[], clusterClass: KubeObject, { role, className, reference, field }: ClassReference): ClassTarget {
  const [group, kind, specPath] = role === 'controlPlane'
    ? [CONTROL_PLANE_API_GROUP, 'KubeadmControlPlaneTemplate', ['spec', 'template', 'spec', 'kubeadmConfigSpec']]
    : [BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', ['spec', 'template', 'spec']];
  if (!reference || typeof reference !== 'object') {
    throw new ProxyConfigError(`clusterClass.${field}`, 'is missing: the proxy patches need the class to reference its kubeadm templates');
  }
  if (!isKind(reference, group, kind)) {
    throw invalidValue(`clusterClass.${field}`, kindForError(reference),
      `must reference a ${group} ${kind}: the proxy patches add kubeadm files and commands`);
  }
  const namespace = clusterClass.metadata?.namespace;
  const template = templates.find((candidate) => isKind(candidate, group, kind) && candidate.metadata?.name === reference.name
    && (candidate.metadata.namespace === undefined || namespace === undefined || candidate.metadata.namespace === namespace));
  if (!template) {
    throw new ProxyConfigError('templates',
      `hold no ${kind} named ${describeValue(reference.name)} (referenced by clusterClass.${field}); pass it, so the patches know which fields it already has`);
  }
  return { role, ...(className !== undefined ? { className } : {}), apiVersion: reference.apiVersion, kind, template, specPath, field };
}

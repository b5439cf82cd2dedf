import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { stableObjectName } from './names';
import { plainJson, RenderedObject } from './rendered-objects';
import { isSecretObject, KubeObject } from '../core/k8s/manifest';

/**
 * Registers the core's plain manifests as Pulumi resources, field for field, so a Pulumi program
 * deploys exactly what `cdk8s synth` would write (a contract test compares them).
 *
 * - Secrets become `kubernetes:core/v1:Secret` resources whose `stringData` values are secret
 *   outputs: never a ConfigGroup, whose inputs land in state in plain text (pulumi-kubernetes#3894).
 * - Core kinds become their typed resources (the generic CustomResource would derive a wrong type
 *   token, `kubernetes:v1:ConfigMap`, for the core group).
 * - Everything group-qualified (Cluster API, Kyverno, Giant Swarm App, ...) becomes a
 *   `CustomResource`, typed `kubernetes:<group>/<version>:<Kind>`.
 * - Rendered objects (`renderObjects`) may hold secret Outputs in any field that depends on the
 *   credentials; type and name always come from the program-time rendering.
 */

/** Constructors of the typed resources for the core kinds the library emits. */
type TypedConstructor = new (name: string, args: any, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

const TYPED_KINDS: Readonly<Record<string, TypedConstructor>> = {
  'v1/ConfigMap': k8s.core.v1.ConfigMap,
  'v1/Namespace': k8s.core.v1.Namespace,
  'v1/Pod': k8s.core.v1.Pod,
  'v1/Service': k8s.core.v1.Service,
  'v1/ServiceAccount': k8s.core.v1.ServiceAccount,
  'apps/v1/DaemonSet': k8s.apps.v1.DaemonSet,
  'apps/v1/Deployment': k8s.apps.v1.Deployment,
  'apps/v1/ReplicaSet': k8s.apps.v1.ReplicaSet,
  'apps/v1/StatefulSet': k8s.apps.v1.StatefulSet,
  'batch/v1/CronJob': k8s.batch.v1.CronJob,
  'batch/v1/Job': k8s.batch.v1.Job,
  'rbac.authorization.k8s.io/v1/ClusterRole': k8s.rbac.v1.ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': k8s.rbac.v1.ClusterRoleBinding,
  'rbac.authorization.k8s.io/v1/Role': k8s.rbac.v1.Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': k8s.rbac.v1.RoleBinding,
  'admissionregistration.k8s.io/v1/MutatingAdmissionPolicy': k8s.admissionregistration.v1.MutatingAdmissionPolicy,
  'admissionregistration.k8s.io/v1/MutatingAdmissionPolicyBinding': k8s.admissionregistration.v1.MutatingAdmissionPolicyBinding,
  'admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicy': k8s.admissionregistration.v1beta1.MutatingAdmissionPolicy,
  'admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicyBinding': k8s.admissionregistration.v1beta1.MutatingAdmissionPolicyBinding,
};

/**
 * Deterministic Pulumi resource name of a manifest under a component:
 * `<component>-<namespace>-<stable name>` (lower case, {@link stableObjectName}), unique per type,
 * so previews stay stable when objects are added or removed or their content changes.
 */
export function resourceName(componentName: string, object: KubeObject): string {
  const namespace = object.metadata.namespace ? `${object.metadata.namespace}-` : '';
  return `${componentName}-${namespace}${stableObjectName(object)}`.toLowerCase();
}

/** Secret values of a Secret manifest, overridable with outputs (e.g. from Pulumi config secrets). */
export type SecretValues = { readonly [key: string]: pulumi.Input<string> };

/** Options for {@link registerKubeObject}. */
export interface RegisterKubeObjectOptions {
  /** The component the resource belongs to (`{ parent }`). */
  readonly parent: pulumi.Resource;
  /** Name of the component, the prefix of the resource name. */
  readonly componentName: string;
  /**
   * For a Secret: values to use instead of the manifest's `stringData` (still wrapped as secrets).
   *
   * @default - the manifest's `stringData`
   */
  readonly secretValues?: SecretValues;
  /** Extra resource options (e.g. `dependsOn`). @default - none */
  readonly opts?: pulumi.CustomResourceOptions;
}

/** Register one manifest as the matching Pulumi resource (see the module comment). */
export function registerKubeObject(object: KubeObject, options: RegisterKubeObjectOptions): pulumi.CustomResource {
  const inputs: pulumi.Inputs = plainJson({ ...object });
  if (isSecretObject(object) && options.secretValues) {
    inputs.stringData = options.secretValues;
  }
  return registerRenderedObject({ shape: object, inputs }, options);
}

/**
 * Register a rendered manifest whose fields may be inputs (see `renderObjects`): the resource type
 * and name come from the program-time `shape`, the inputs from `inputs`. Every Secret value is
 * wrapped in `pulumi.secret`.
 */
export function registerRenderedObject(rendered: RenderedObject, options: Pick<RegisterKubeObjectOptions, 'parent' | 'componentName' | 'opts'>): pulumi.CustomResource {
  const { shape } = rendered;
  const name = resourceName(options.componentName, shape);
  const opts: pulumi.CustomResourceOptions = { ...options.opts, parent: options.parent };
  const { apiVersion, kind, ...fields } = rendered.inputs;
  if (isSecretObject(shape)) {
    const values = pulumi.output(fields.stringData as pulumi.Input<Record<string, pulumi.Input<string>>>);
    // Each value is secret (and with it the whole map): typed Secrets keep them encrypted in state.
    const stringData = isPlainRecord(fields.stringData)
      ? Object.fromEntries(Object.entries(fields.stringData).map(([key, value]) => [key, pulumi.secret(value as pulumi.Input<string>)]))
      : pulumi.secret(values);
    return new k8s.core.v1.Secret(name, { ...fields, stringData } as k8s.core.v1.SecretArgs, opts);
  }
  const typed = TYPED_KINDS[`${shape.apiVersion}/${shape.kind}`];
  if (typed) {
    return new typed(name, fields, opts);
  }
  if (!shape.apiVersion.includes('/')) {
    throw new Error(`no Pulumi resource type known for ${shape.apiVersion} ${shape.kind}`);
  }
  return new k8s.apiextensions.CustomResource(name, { apiVersion, kind, ...fields } as k8s.apiextensions.CustomResourceArgs, opts);
}

/**
 * Register every rendered object of a component, in order.
 */
export function registerRenderedObjects(objects: readonly RenderedObject[], options: Pick<RegisterKubeObjectOptions, 'parent' | 'componentName' | 'opts'>): pulumi.CustomResource[] {
  return objects.map((object) => registerRenderedObject(object, options));
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !pulumi.Output.isInstance(value);
}

import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { Rendered } from './credentials';
import { withWaitingInputs } from './deferred-args';
import { ProxyArgs, proxyDefinitionOf } from './proxy-definition';
import { ClusterProxyConfig } from '../core/definition/cluster-proxy-config';
import { invalidValue, ProxyConfigError } from '../core/primitives/errors';
import { copyJson } from '../core/primitives/k8s/copy-json';
import { KubeObject } from '../core/primitives/k8s/manifest';
import { laterValueSource } from '../core/primitives/later-value';
import { holdsSecretText } from '../core/primitives/secret-text';
import { propsObject } from '../core/primitives/validation/strict-props';
import { checkSlotsInSecretDataOnly, filledSecretData, laterCredentialValues } from '../core/product/later-credentials';
import { ObjectMetadataProps, WithObjectMetadata } from '../core/product/metadata';
import { Product, ProductObject } from '../core/product/product';
import { SharedObjects, withoutSecretData } from '../core/product/shared-objects';

/**
 * The Pulumi side of the rendering model: a core product becomes Pulumi resources, field for field
 * (a contract test compares them with what cdk8s synthesizes).
 *
 * - Secrets are `kubernetes:core/v1:Secret` resources whose data is a secret Output, never a
 *   ConfigGroup (whose inputs reach the state in plain text, pulumi-kubernetes#3894). Nothing else
 *   is secret: credentials live in Secret data only, so previews show every other change in clear.
 * - Core kinds become their typed resources (the generic CustomResource would derive a wrong type
 *   token, `kubernetes:v1:ConfigMap`); everything group-qualified becomes a `CustomResource`.
 * - Resource names are `<component name>-<product object id>`: stable, never a content hash.
 * - Shared objects (a cluster's node-proxy Secret, a namespace's proxy Secret and CA ConfigMap) are
 *   registered once per Kubernetes provider: the first component that needs one owns it, later ones
 *   reuse it.
 */

/** Package part of every component type token: `cluster-proxy-constructs:index:<Name>`. */
export const TYPE_TOKEN_PREFIX = 'cluster-proxy-constructs:index:';

type TypedConstructor = new (name: string, args: any, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

const TYPED_KINDS: Readonly<Record<string, TypedConstructor>> = {
  'v1/ConfigMap': k8s.core.v1.ConfigMap,
  'v1/Namespace': k8s.core.v1.Namespace,
  'v1/Pod': k8s.core.v1.Pod,
  'v1/Secret': k8s.core.v1.Secret,
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
 * Kinds the Kubernetes provider replaces when their data changes (unless the provider enables
 * `enableSecretMutable` / `enableConfigMapMutable`). Their names stay the same across a password or
 * CA change, and a replacement under the same name must delete first: created first, it collides
 * with the object it replaces (a server-side apply conflict), and the old object's deletion would
 * then remove the new one.
 */
const REPLACED_ON_DATA_CHANGE = new Set(['Secret', 'ConfigMap']);

/** The data fields of a Secret: the only secret inputs. */
const SECRET_DATA_FIELDS = ['stringData', 'data'] as const;

/** The resources of one registered product, by object id. */
export class ProductResources {
  constructor(
    /** The product as rendered at program time. */
    public readonly product: Product,
    /** One resource per product object, in order (a shared object's owner may be another component). */
    public readonly resources: pulumi.CustomResource[],
  ) {}

  /** The resource of object `id`, if the product has one. */
  public find(id: string): pulumi.CustomResource | undefined {
    const index = this.product.objects.findIndex((object) => object.id === id);
    return index === -1 ? undefined : this.resources[index];
  }

  /** The resource of object `id`. */
  public get(id: string): pulumi.CustomResource {
    return this.resources[this.indexOf(id)];
  }

  /** The program-time manifest of object `id`. */
  public manifest(id: string): KubeObject {
    return this.product.objects[this.indexOf(id)].manifest;
  }

  private indexOf(id: string): number {
    const index = this.product.objects.findIndex((object) => object.id === id);
    if (index === -1) {
      throw invalidValue('id', id, `is not an object of this product; use one of ${this.product.objects.map((object) => object.id).join(', ')}`);
    }
    return index;
  }
}

/** Run `fn`, raising the core's validation errors (their message names the prop) as `pulumi.ResourceError`s on `resource`. */
export function withResourceErrors<T>(resource: pulumi.Resource, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw error instanceof ProxyConfigError ? new pulumi.ResourceError(error.message, resource) : error;
  }
}

/** Register the product `render` computes from the proxy, the other options and the metadata of `args`. */
export function registerFromProxy<A extends ProxyArgs & WithObjectMetadata>(
  component: pulumi.ComponentResource, name: string, args: A,
  render: (config: ClusterProxyConfig, options: Omit<A, 'proxy' | 'metadata'>, metadata?: ObjectMetadataProps) => Product): ProductResources {
  const { proxy, metadata, ...options } = withResourceErrors(component, () => propsObject(args));
  return registerProduct(component, name, () => proxyDefinitionOf(proxy).render((config) => render(config, options, metadata)));
}

/**
 * Register the product `build` renders as children of `component`, named `<name>-<object id>`.
 * Validation errors become `pulumi.ResourceError`s; with Output credentials, the Secret data waits
 * for them, and their checks (a bad password) reject it.
 */
export function registerProduct(component: pulumi.ComponentResource, name: string, build: () => Rendered<Product>): ProductResources {
  const now = withResourceErrors(component, () => {
    const result = build().now;
    checkSlotsInSecretDataOnly(result);
    return result;
  });
  const laters = laterCredentialValues(now);
  // secret whatever the caller passed; the Map stays a Map when `apply` is the last step
  const real = laters.length === 0 ? undefined : pulumi.secret(pulumi.all(laters.map((later) => laterValueSource(later) as pulumi.Input<string>)))
    .apply((values) => withResourceErrors(component, () => filledSecretData(now, new Map(laters.map((later, index) => [later, values[index]])))));
  const registry = registryOf(component);
  const resources = withResourceErrors(component, () => now.objects.map((object) => {
    const create = () => newResource(component, `${name}-${object.id}`, object, real);
    return registry.emit(object, create, { dataKnown: !holdsSecretText(object.manifest) });
  }));
  return new ProductResources(now, resources);
}

/** The `stringData` of each Secret of a product, by object id, with credentials known later. */
type SecretData = ReadonlyMap<string, Record<string, string>>;

function newResource(parent: pulumi.Resource, name: string, object: ProductObject,
  real: pulumi.Output<SecretData> | undefined): pulumi.CustomResource {
  // a field holding a later value waits for its input; Secret data with slots waits for the credentials
  const slots = object.sensitive && holdsSecretText(object.manifest);
  const copy = object.sensitive ? copyJson(withoutSecretData(object.manifest)) : withWaitingInputs(object.manifest);
  const { apiVersion, kind, ...fields } = copy as Record<string, any>;
  if (object.sensitive) {
    const manifest = object.manifest as Record<string, unknown>;
    for (const field of SECRET_DATA_FIELDS.filter((key) => manifest[key] !== undefined)) {
      // `real` is secret already
      fields[field] = slots && field === 'stringData' ? real!.apply((data) => data.get(object.id)!) : pulumi.secret(copyJson(manifest[field]));
    }
  }
  const typed = TYPED_KINDS[`${apiVersion}/${kind}`];
  if (typed) {
    return new typed(name, fields, { parent, ...(REPLACED_ON_DATA_CHANGE.has(kind) ? { deleteBeforeReplace: true } : {}) });
  }
  if (!String(apiVersion).includes('/')) {
    throw new Error(`no Pulumi resource type known for ${apiVersion} ${kind}`);
  }
  return new k8s.apiextensions.CustomResource(name, { apiVersion, kind, ...fields }, { parent });
}

/** The scope of shared objects when the default provider is used outside a program run (its monitor). */
const NO_RUN = {};

/** Shared objects per scope: the Kubernetes provider, or the program run for the default one. */
function registryOf(component: pulumi.ComponentResource): SharedObjects<pulumi.CustomResource> {
  return SharedObjects.of(component.getProvider('kubernetes::') ?? pulumi.runtime.getMonitor() ?? NO_RUN);
}

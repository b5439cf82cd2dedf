import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { WithObjectMetadata } from '../../core/product/metadata';
import { ProxyAdmissionPolicyOptions } from '../../core/workloads/mutating-admission-policy';
import { proxyAdmissionPolicyProduct } from '../../core/workloads/products';
import { addProduct } from '../product-objects';

/** Props of {@link ProxyAdmissionPolicy}. */
export interface ProxyAdmissionPolicyProps extends ProxyAdmissionPolicyOptions, WithObjectMetadata, WithProxy {}

/**
 * The proxy injection for clusters without Kyverno: a Kubernetes `MutatingAdmissionPolicy` and
 * its binding (`admissionregistration.k8s.io/v1`, GA in Kubernetes 1.36), plus the Secret/ConfigMap
 * of each target namespace. See `renderProxyAdmissionPolicy`.
 *
 * @see https://kubernetes.io/docs/reference/access-authn-authz/mutating-admission-policy/
 */
export class ProxyAdmissionPolicy extends Construct {
  /**
   * The emitted objects: policy, binding, then the per-namespace Secrets/ConfigMaps (chart-level
   * objects shared with the other injection paths, so each is emitted once).
   */
  public readonly apiObjects: ApiObject[];
  /** The MutatingAdmissionPolicy. */
  public readonly policy: ApiObject;
  /** The MutatingAdmissionPolicyBinding. */
  public readonly binding: ApiObject;

  constructor(scope: Construct, id: string, props: ProxyAdmissionPolicyProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    this.apiObjects = addProduct(this, proxyAdmissionPolicyProduct(proxy, options, metadata));
    [this.policy, this.binding] = this.apiObjects;
    this.node.defaultChild = this.policy;
  }
}

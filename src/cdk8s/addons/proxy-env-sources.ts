import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { proxyEnvFrom, ProxyEnvFromSource, proxyEnvSources, ProxyEnvSourceKind, ProxyEnvSourceOptions, DEFAULT_PROXY_ENV_SOURCE_NAME } from '../../core/addons/proxy-env-source';
import { WithProxy } from '../../core/definition/cluster-proxy-config';
import { propsObject } from '../../core/primitives/validation/strict-props';
import { finishProduct } from '../../core/product/credentials';
import { WithObjectMetadata } from '../../core/product/metadata';
import { manifestsProduct } from '../../core/product/product';
import { addProduct } from '../product-objects';

/** Props of {@link ProxyEnvSources}. */
export interface ProxyEnvSourcesProps extends ProxyEnvSourceOptions, WithObjectMetadata, WithProxy {}

/**
 * One ConfigMap (or Secret, when the URLs carry credentials) per namespace holding the six proxy
 * variables, for containers that read them with `envFrom`.
 */
export class ProxyEnvSources extends Construct {
  /** `ConfigMap` or `Secret`. */
  public readonly kind: ProxyEnvSourceKind;
  /** The object name (the same in every namespace). */
  public readonly name: string;
  /** The synthesized objects, one per namespace. */
  public readonly apiObjects: ApiObject[];

  constructor(scope: Construct, id: string, props: ProxyEnvSourcesProps) {
    super(scope, id);
    propsObject(props);
    const { proxy, metadata, ...options } = props;
    const objects = proxyEnvSources(proxy, options);
    this.kind = objects[0].kind as ProxyEnvSourceKind;
    this.name = options.name ?? DEFAULT_PROXY_ENV_SOURCE_NAME;
    this.apiObjects = addProduct(this, finishProduct(manifestsProduct(objects), proxy, metadata));
  }

  /** The `envFrom` entry for a container in one of the namespaces. */
  public envFrom(): ProxyEnvFromSource {
    return proxyEnvFrom(this.kind, this.name);
  }
}

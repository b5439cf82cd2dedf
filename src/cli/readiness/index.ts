/** The readiness check of `cluster-proxy check`: a proxy definition against real readiness URLs. */
export * from './types';
export * from './readiness';
export * from './report';

export * from './manifests';
export * from './proxy-sites';
export * from './cluster-facts';
export * from './destinations';
export * from './audit';

/** Importers: other systems' proxy configuration as the library's definition. */
export * from './imported-proxy';
export * from './compare-no-proxy';
export * from './import-proxy';
export * from './render-import';
export { importTkg } from './tkg';
export { importGiantSwarm } from './giantswarm';
export { importCaren } from './caren';
export { importEksAnywhere } from './eks-anywhere';
export { importOpenShift } from './openshift';
export * from './node-changes';

/** Helm values: env lists, proxy blocks, chart presets. */
export * from './helm-presets';
export * from './helm-values';

/** Giant Swarm-style app platform: cluster values, App CRs, the whole setup. */
export * from './cluster-values';
export * from './app';
export * from './setup';

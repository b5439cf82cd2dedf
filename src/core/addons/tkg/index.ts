/** TKG-style addon Secrets: vSphere CPI/CSI, kapp-controller, cluster config values. */
export * from './tkg-metadata';
export * from './tkg-addon-secret';
export * from './tkg-proxy-values';
export * from './vsphere-addons';
export * from './kapp-controller';
export * from './config-values';
export * from './tkg-proxy-addons';

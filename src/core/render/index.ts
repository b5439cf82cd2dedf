/** Renderers: one `ProxyEnvironment` to systemd drop-ins, shell files and pod env lists. */
export * from './pod-env';
export * from './shell';
export * from './systemd';

/** An in-cluster forward proxy (tinyproxy) and the settings to reach it. */
export * from './tinyproxy-config';
export * from './forward-proxy-workload';
export * from './forward-proxy';

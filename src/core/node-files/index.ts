/** The proxy's files on a node: their layout, their text, the Secret that carries them, the commands that activate them. */
export * from './bootstrap';
export * from './bootstrap-format';
export * from './commands';
export * from './compatibility-profile-name';
export * from './compatibility-profiles';
export * from './contents';
export * from './delivery';
export * from './kubeadm-file';
export * from './options';
export * from './os-family';
export * from './resolution';
export * from './secret';

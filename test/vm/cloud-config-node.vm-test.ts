import { bootScenario } from './node-boot';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';

// A Debian VM booted from the cloud-config bootstrap data (the test is in node-boot.ts).
bootScenario(BootstrapFormat.CLOUD_CONFIG);

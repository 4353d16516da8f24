export {
  generateDemoTables,
  generateDemoDataset,
  type DemoOptions,
  type DemoDataset,
  type DemoTrial,
} from './generate.js';
export { ensureDemoSnapshot, type EnsureDemoOptions } from './ensure.js';
export { SCALE_TARGETS, DEFAULT_DEMO_SEED, type DemoScale, type ScaleTargets } from './scale.js';
export { writeRegistryDump, toRegistryStudy, type RegistryDumpOptions } from './registry-dump.js';

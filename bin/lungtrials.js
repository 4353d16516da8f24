#!/usr/bin/env node
// `npx lungtrials ...` from a clone: no build step, tsx compiles the TypeScript on load.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');

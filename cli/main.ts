/**
 * `lungtrials`: the one operator binary. Each command group lives in cli/commands/ and
 * is registered here, in a literal list, so the whole surface is visible in one place.
 */
import { Command } from 'commander';
import { registerKeysCommands } from './commands/keys.js';
import { registerDemoCommands } from './commands/demo.js';
import { registerServeCommands } from './commands/serve.js';
import { registerRegistryCommands } from './commands/registry.js';
import { registerSponsorsCommands } from './commands/sponsors.js';
import { registerPipelineCommands } from './commands/pipeline.js';
import { registerWorkersCommands } from './commands/workers.js';
import { registerRefreshCommands } from './commands/refresh.js';
import { registerMcpCommands } from './commands/mcp.js';

const program = new Command()
  .name('lungtrials')
  .description('Lung cancer trial search: API server, operator keys, data pipeline')
  .showHelpAfterError();

// Command registrations (one line per group):
registerKeysCommands(program);
registerDemoCommands(program);
registerServeCommands(program);
registerRegistryCommands(program);
registerSponsorsCommands(program);
registerPipelineCommands(program);
registerWorkersCommands(program);
registerRefreshCommands(program);
registerMcpCommands(program);

await program.parseAsync(process.argv);

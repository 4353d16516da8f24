/**
 * `lungtrials`: the one operator binary. Each command group lives in cli/commands/ and
 * is registered here, in a literal list, so the whole surface is visible in one place.
 * Command files load their heavy modules (DuckDB, BullMQ, the pipeline) inside their
 * actions, so `--help` and `--version` answer without loading them.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { reportError } from './errors.js';
import { registerKeysCommands } from './commands/keys.js';
import { registerDemoCommands } from './commands/demo.js';
import { registerServeCommands } from './commands/serve.js';
import { registerRegistryCommands } from './commands/registry.js';
import { registerSponsorsCommands } from './commands/sponsors.js';
import { registerPipelineCommands } from './commands/pipeline.js';
import { registerWorkersCommands } from './commands/workers.js';
import { registerRefreshCommands } from './commands/refresh.js';
import { registerMcpCommands } from './commands/mcp.js';
import { registerRunsCommands } from './commands/runs.js';

const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

const program = new Command()
  .name('lungtrials')
  .description('Lung cancer trial search: API server, operator keys, data pipeline')
  .version(version, '-V, --version')
  .exitOverride();

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
registerRunsCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  process.exitCode = reportError(err);
}

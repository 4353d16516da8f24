/**
 * `lungtrials mcp`: the MCP server over stdio, for a local agent or a desktop assistant.
 * It reads the latest snapshot in SNAPSHOT_DIR directly (no API process, no key, no
 * quota) and follows the `latest` pointer like the API does. stdout carries the protocol;
 * logs go to stderr as JSON lines, as an MCP client expects, even at a terminal.
 */
import type { Command } from 'commander';
import { loadEnv } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';

export function registerMcpCommands(program: Command): void {
  program
    .command('mcp')
    .description(
      'MCP server over stdio on the latest snapshot in SNAPSHOT_DIR (tools: search_trials, ' +
        'get_trial, match_patient, list_sources, snapshot_info)',
    )
    .action(async () => {
      const env = loadEnv();
      const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, {
        pretty: false,
      });
      // Loaded here, not at the top, so `lungtrials --help` does not load DuckDB and the MCP SDK.
      const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
      const { createMcpServer } = await import('../../api/mcp/server.js');
      const { SnapshotHolder } = await import('../../api/live-snapshot.js');
      const holder = await SnapshotHolder.open({
        root: env.SNAPSHOT_DIR,
        logger: logger.child({ component: 'snapshot' }),
      });
      if (!holder.current())
        logger.warn(
          { snapshotDir: env.SNAPSHOT_DIR },
          'no snapshot yet: tools answer snapshot_unavailable until one is published',
        );
      const server = createMcpServer({
        snapshot: () => holder.current(),
        quota: () => null,
        logger,
      });
      const transport = new StdioServerTransport();
      let closed = false;
      const shutdown = async () => {
        if (closed) return;
        closed = true;
        await server.close().catch(() => undefined);
        await holder.close();
        process.exit(0);
      };
      transport.onclose = () => void shutdown();
      process.stdin.once('end', () => void shutdown());
      // `on`, not `once`: shutdown runs once anyway, and a second signal while it closes must not
      // meet Node's default handler and end the process with 143 before the snapshot is closed.
      process.on('SIGTERM', () => void shutdown());
      process.on('SIGINT', () => void shutdown());
      await server.connect(transport);
    });
}

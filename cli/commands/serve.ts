/**
 * `lungtrials serve` (the API on the snapshot already in SNAPSHOT_DIR) and
 * `lungtrials start` (what `npm start` runs: demo snapshot and demo key if missing, then
 * the API, then a curl line that works as printed).
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { loadEnv, type Env } from '../../config/env.js';
import { createLogger } from '../../config/logger.js';

interface ServeOptions {
  port?: number;
  host?: string;
}

export function registerServeCommands(program: Command): void {
  program
    .command('serve')
    .description(
      'start the API on the latest snapshot in SNAPSHOT_DIR (PORT, HOST, REDIS_URL from the environment)',
    )
    .addOption(portOption())
    .addOption(hostOption())
    .action(async (options: ServeOptions) => {
      const env = envWith(options);
      const logger = createLogger(env.LOG_LEVEL);
      const { startServer } = await import('../../api/server.js');
      await startServer({ env, logger });
    });

  program
    .command('start')
    .description(
      'build the demo snapshot and demo key if missing, start the API, print a ready curl line',
    )
    .addOption(portOption())
    .addOption(hostOption())
    .action(async (options: ServeOptions) => {
      const env = envWith(options);
      const logger = createLogger(env.LOG_LEVEL);
      const { ensureDemoSnapshot } = await import('../../pipeline/demo/index.js');
      const { demoKeyPath, ensureDemoKey } = await import('../../api/keys/demo-key.js');
      const { keyFilePath, openStores } = await import('../../api/keys/open.js');
      const { redactUrl } = await import('../../config/redact-url.js');
      const { startServer } = await import('../../api/server.js');
      const { writeServingIndex } = await import('../../api/query/index-file.js');
      const snapshot = await ensureDemoSnapshot(env.SNAPSHOT_DIR, {
        servingIndex: writeServingIndex,
      });
      logger.info(
        { version: snapshot.version, dir: snapshot.dir },
        snapshot.created ? 'built the demo snapshot' : 'using the existing snapshot',
      );
      const stores = await openStores(env, logger, { returnToRedis: true });
      let demo;
      try {
        demo = await ensureDemoKey(stores.keys, env.DATA_DIR, {
          backend: stores.keyBackend,
          location:
            stores.keyBackend === 'redis'
              ? `${redactUrl(env.REDIS_URL)} (prefix ${env.REDIS_PREFIX})`
              : keyFilePath(env),
        });
      } catch (error) {
        await stores.close();
        throw error;
      }
      if (demo.reason)
        logger.warn({ label: 'demo', store: stores.keyBackend }, `new demo key: ${demo.reason}`);
      else if (demo.created)
        logger.info({ label: 'demo', store: stores.keyBackend }, 'created the demo key');
      const { url } = await startServer({ env, logger, stores });
      process.stdout.write(
        [
          '',
          `Lung cancer trial search API: ${url}/api/v1  (browse and try it: ${url}/api/v1/reference)`,
          ...(demo.reason ? [`New demo key: ${demo.reason}.`] : []),
          `Demo key (partner tier, label "demo", in the ` +
            `${stores.keyBackend === 'redis' ? 'Redis' : 'key file'} store; saved in ` +
            `${demoKeyPath(env.DATA_DIR)}):`,
          `curl -H "Authorization: Bearer ${demo.plaintext}" "${url}/api/v1/trials?limit=2"`,
          '',
        ].join('\n'),
      );
    });
}

function portOption(): Option {
  return new Option('--port <port>', 'port to listen on (overrides PORT)').argParser((value) => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new InvalidArgumentError('expected an integer from 0 to 65535');
    return port;
  });
}

function hostOption(): Option {
  return new Option('--host <host>', 'interface to bind (overrides HOST)');
}

function envWith(options: ServeOptions): Env {
  const env = loadEnv();
  return { ...env, PORT: options.port ?? env.PORT, HOST: options.host ?? env.HOST };
}

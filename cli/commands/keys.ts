/**
 * `lungtrials keys create|revoke|list`: the operator's key management. Acts on the store
 * the server uses (Redis at REDIS_URL; the DATA_DIR key file when Redis is unreachable,
 * whose keys reach Redis when a server's connection or the next command gets there).
 * Output is for people, except `create`, whose last stdout line is the key for scripts.
 */
import { promises as fs } from 'node:fs';
import { Writable } from 'node:stream';
import { Command, Option } from 'commander';
import { pino, type Logger } from 'pino';
import { loadEnv, type Env } from '../../config/env.js';
import { redactUrl } from '../../config/redact-url.js';
import {
  InvalidKeyLabelError,
  InvalidKeyRecordError,
  KeyLabelExistsError,
} from '../../api/keys/errors.js';
import type { ApiKeyRecord } from '../../api/keys/types.js';
import type { ServiceStores } from '../../api/keys/open.js';
import { TIERS, TIER_LIMITS, type Tier } from '../../domain/tiers.js';

export function registerKeysCommands(program: Command): void {
  const keys = program
    .command('keys')
    .description('create, revoke and list API keys (stored hashed)');
  registerKeysCreate(keys);
  registerKeysRevoke(keys);
  registerKeysList(keys);
  registerKeysExport(keys);
  registerKeysImport(keys);
}

function registerKeysCreate(keys: Command): void {
  keys
    .command('create')
    .description('create a key; prints the plaintext key once, as the last line of stdout')
    .requiredOption('--label <label>', 'unique name of the key holder, e.g. acme-trial-finder')
    .addOption(
      new Option('--tier <tier>', 'limits of the key').choices(TIERS).makeOptionMandatory(),
    )
    .action(async (options: { label: string; tier: Tier }) => {
      await withStores(async (stores) => {
        const { record, plaintext } = await stores.keys.create(options.label, options.tier);
        if (stores.keyBackend === 'file')
          process.stderr.write(
            'note: Redis is unreachable, so the key is in the key file of DATA_DIR. A server on ' +
              'Redis that uses this DATA_DIR copies it into Redis when its connection comes back ' +
              '(so does the next `keys` command that reaches Redis); from then on it works on ' +
              'every server. Until then it works on servers that started without Redis.\n',
          );
        const limits = TIER_LIMITS[record.tier];
        process.stdout.write(
          `Created key "${record.label}" (tier ${record.tier}: ${limits.dailyQuota}/day, ` +
            `${limits.burstPerMinute}/min) in the ${stores.keyBackend} store.\n` +
            'Give it to the client now: it is stored only as a hash and cannot be shown again.\n' +
            `${plaintext}\n`,
        );
      });
    });
}

function registerKeysRevoke(keys: Command): void {
  keys
    .command('revoke')
    .description('revoke a key; it is refused (403) from the next request on')
    .argument('<label>', 'label of the key')
    .action(async (label: string) => {
      await withStores(async (stores) => {
        if (!(await stores.keys.revoke(label)))
          throw new OperatorError(`no key labelled "${label}"`);
        process.stdout.write(`Revoked key "${label}".\n`);
      });
    });
}

function registerKeysList(keys: Command): void {
  keys
    .command('list')
    .description("list keys: label, tier, created, revoked, today's usage (never the key)")
    .option('--json', 'one JSON array instead of a table')
    .action(async (options: { json?: boolean }) => {
      await withStores(async (stores, env) => {
        const { keyFilePath } = await import('../../api/keys/open.js');
        const rows = [];
        for (const record of await stores.keys.list()) {
          // In-process counters live in the server, not here: without Redis the CLI cannot see them.
          const used =
            stores.usage.backend === 'redis'
              ? (await stores.usage.peek(record.hash, record.tier)).quotaUsed
              : null;
          rows.push({
            label: record.label,
            tier: record.tier,
            created: record.created_at,
            revoked: record.revoked_at,
            used_today: used,
            daily_quota: TIER_LIMITS[record.tier].dailyQuota,
          });
        }
        if (stores.keyBackend === 'file') {
          // Not the list a server on Redis serves: a script must not take it for one.
          process.stderr.write(
            `error: Redis at ${redactUrl(env.REDIS_URL)} is not reachable; listing the fallback ` +
              `key file ${keyFilePath(env)} instead, which a server uses only while Redis is ` +
              'down (keys created there move to Redis when it answers). Exit code 1.\n',
          );
          process.exitCode = 1;
        }
        if (options.json) {
          process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
          return;
        }
        if (rows.length === 0) {
          process.stdout.write(`No keys in the ${stores.keyBackend} store.\n`);
          return;
        }
        process.stdout.write(
          table(
            ['LABEL', 'TIER', 'CREATED', 'REVOKED', 'USED TODAY (UTC)'],
            rows.map((r) => [
              r.label,
              r.tier,
              r.created,
              r.revoked ?? '-',
              r.used_today === null
                ? `n/a (no Redis) of ${r.daily_quota}`
                : `${r.used_today} of ${r.daily_quota}`,
            ]),
          ),
        );
      });
    });
}

function registerKeysExport(keys: Command): void {
  keys
    .command('export')
    .description(
      'write every key record (sha256 hashes, tiers, dates; never a plaintext key) as JSON, for backup',
    )
    .option('--out <file>', 'write to this file (mode 0600) instead of stdout')
    .action(async (options: { out?: string }) => {
      await withStores(async (stores) => {
        const records = await stores.keys.list();
        const body = `${JSON.stringify({ version: 1, keys: records }, null, 2)}\n`;
        if (!options.out) {
          process.stdout.write(body);
          return;
        }
        await fs.writeFile(options.out, body, { mode: 0o600 });
        process.stdout.write(
          `Exported ${records.length} keys from the ${stores.keyBackend} store to ${options.out}.\n`,
        );
      });
    });
}

function registerKeysImport(keys: Command): void {
  keys
    .command('import')
    .description(
      'add the key records of an export file; labels or hashes already present are left alone',
    )
    .argument('<file>', 'a file written by `keys export`')
    .action(async (file: string) => {
      await withStores(async (stores) => {
        let parsed: { version?: unknown; keys?: unknown };
        try {
          parsed = JSON.parse(await fs.readFile(file, 'utf8')) as typeof parsed;
        } catch (error) {
          throw new OperatorError(
            `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        if (parsed.version !== 1 || !Array.isArray(parsed.keys))
          throw new OperatorError(`${file} is not a version 1 key export`);
        let imported = 0;
        const skipped: string[] = [];
        for (const record of parsed.keys as ApiKeyRecord[]) {
          if (await stores.keys.importRecord(record)) imported++;
          else skipped.push(record.label);
        }
        process.stdout.write(
          `Imported ${imported} keys into the ${stores.keyBackend} store` +
            (skipped.length
              ? `; skipped ${skipped.length} already present (${skipped.join(', ')})`
              : '') +
            '.\n',
        );
      });
    });
}

/** A mistake the operator can fix; printed without a stack trace. */
class OperatorError extends Error {}

async function withStores(run: (stores: ServiceStores, env: Env) => Promise<void>): Promise<void> {
  const env = loadEnv();
  const { openStores } = await import('../../api/keys/open.js');
  const stores = await openStores(env, operatorLogger(env.LOG_LEVEL));
  try {
    await run(stores, env);
  } catch (error) {
    if (
      error instanceof OperatorError ||
      error instanceof KeyLabelExistsError ||
      error instanceof InvalidKeyLabelError ||
      error instanceof InvalidKeyRecordError
    ) {
      process.stderr.write(`error: ${error.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await stores.close();
  }
}

/** Human-readable log lines on stderr, so stdout stays the command's output. */
function operatorLogger(level: string): Logger {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        const entry = JSON.parse(line) as { level: number; msg?: string };
        const name = entry.level >= 50 ? 'error' : entry.level >= 40 ? 'warning' : 'info';
        process.stderr.write(`${name}: ${entry.msg ?? ''}\n`);
      }
      callback();
    },
  });
  return pino({ level: level === 'info' ? 'warn' : level }, sink);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

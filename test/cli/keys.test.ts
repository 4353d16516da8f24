/** `lungtrials keys ...` as the operator runs it: real processes, real Redis or the key file. */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisKeyStore } from '../../api/keys/redis-store.js';
import { hashKey } from '../../api/keys/secret.js';
import { closedPort, runCli } from '../helpers/processes.js';
import { testRedis, type TestRedis } from '../helpers/redis.js';

let world: TestRedis;
let dataDir: string;
let env: Record<string, string>;

beforeEach(async () => {
  world = await testRedis();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lungtrials-cli-'));
  env = { REDIS_URL: world.url, REDIS_PREFIX: world.prefix, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
});

afterEach(async () => {
  await world.cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

// Each case spawns several tsx processes; on a loaded 2-core machine that alone can take tens of seconds.
describe('lungtrials keys', { timeout: 180_000 }, () => {
  it('creates a key in Redis and prints it once, as the last line of stdout', async () => {
    const created = await runCli(['keys', 'create', '--label', 'acme', '--tier', 'standard'], env);
    expect(created.code).toBe(0);
    const plaintext = lastLine(created.stdout);
    expect(plaintext).toMatch(/^lt_[A-Za-z0-9_-]{43}$/);
    expect(created.stdout.split(plaintext)).toHaveLength(2);
    const record = await new RedisKeyStore(world.redis, world.prefix).findByPlaintext(plaintext);
    expect(record).toMatchObject({ label: 'acme', tier: 'standard', revoked_at: null });
  });

  it('refuses a duplicate label and an unknown tier with a clear error and a non-zero exit', async () => {
    expect((await runCli(['keys', 'create', '--label', 'dup', '--tier', 'free'], env)).code).toBe(
      0,
    );
    const duplicate = await runCli(['keys', 'create', '--label', 'dup', '--tier', 'partner'], env);
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toMatch(/already exists/);
    expect(duplicate.stdout).not.toMatch(/lt_/);
    const badTier = await runCli(['keys', 'create', '--label', 'other', '--tier', 'gold'], env);
    expect(badTier.code).not.toBe(0);
    expect(badTier.stderr).toMatch(/gold.*free, standard, partner/);
    expect(await new RedisKeyStore(world.redis, world.prefix).findByLabel('other')).toBeNull();
  });

  it("revokes by label and lists label, tier, dates and today's usage but never a key or hash", async () => {
    const store = new RedisKeyStore(world.redis, world.prefix);
    const kept = await store.create('kept', 'partner');
    const gone = await store.create('gone', 'free');
    const revoked = await runCli(['keys', 'revoke', 'gone'], env);
    expect(revoked.code).toBe(0);
    expect((await store.findByPlaintext(gone.plaintext))?.revoked_at).not.toBeNull();
    expect((await runCli(['keys', 'revoke', 'missing'], env)).code).not.toBe(0);

    const listed = await runCli(['keys', 'list', '--json'], env);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(
      rows.map((r) => [r.label, r.tier, r.revoked !== null, r.used_today, r.daily_quota]),
    ).toEqual([
      ['gone', 'free', true, 0, 100],
      ['kept', 'partner', false, 0, 10_000],
    ]);
    const table = await runCli(['keys', 'list'], env);
    expect(table.stdout).toMatch(/^LABEL\s+TIER\s+CREATED\s+REVOKED\s+USED TODAY/);
    for (const output of [listed.stdout, table.stdout]) {
      for (const { plaintext } of [kept, gone]) {
        expect(output).not.toContain(plaintext);
        expect(output).not.toContain(hashKey(plaintext));
      }
    }
  });

  it('writes the DATA_DIR key file, with a warning, when Redis is unreachable', async () => {
    const offline = { ...env, REDIS_URL: `redis://127.0.0.1:${await closedPort()}` };
    const created = await runCli(
      ['keys', 'create', '--label', 'offline', '--tier', 'free'],
      offline,
    );
    expect(created.code).toBe(0);
    expect(created.stderr).toMatch(/warning: Redis is not reachable/);
    const plaintext = lastLine(created.stdout);
    const file = await fs.readFile(path.join(dataDir, 'keys.json'), 'utf8');
    expect(file).toContain(hashKey(plaintext));
    expect(file).not.toContain(plaintext);
    // Listing without Redis shows the file store but says so and exits 1: a script must not
    // take it for the keys a server on Redis serves.
    const listed = await runCli(['keys', 'list'], offline);
    expect(listed.stdout).toMatch(/offline\s+free/);
    expect(listed.code).toBe(1);
    expect(listed.stderr).toMatch(
      /error: Redis at redis:\/\/127\.0\.0\.1:\d+ is not reachable; listing the fallback key file .*keys\.json/,
    );
    const asJson = await runCli(['keys', 'list', '--json'], offline);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout)).toEqual([expect.objectContaining({ label: 'offline' })]);
  });
  it('exports the key records (hashes, never plaintext) and imports them into another store, skipping labels present', async () => {
    const created = await runCli(
      ['keys', 'create', '--label', 'backup-me', '--tier', 'partner'],
      env,
    );
    const plaintext = lastLine(created.stdout);
    expect((await runCli(['keys', 'revoke', 'backup-me'], env)).code).toBe(0);
    await runCli(['keys', 'create', '--label', 'second', '--tier', 'free'], env);
    const out = path.join(dataDir, 'keys-backup.json');
    const exported = await runCli(['keys', 'export', '--out', out], env);
    expect(exported.code).toBe(0);
    const text = await fs.readFile(out, 'utf8');
    expect(text).toContain(hashKey(plaintext));
    expect(text).not.toContain(plaintext);
    expect((await fs.stat(out)).mode & 0o777).toBe(0o600);

    // A Redis that lost its data (no persistence): a new prefix stands for the empty one.
    const restored = { ...env, REDIS_PREFIX: `${world.prefix}restored:` };
    await runCli(['keys', 'create', '--label', 'second', '--tier', 'standard'], restored);
    const imported = await runCli(['keys', 'import', out], restored);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(
      /Imported 1 keys into the redis store; skipped 1 already present \(second\)/,
    );
    const record = await new RedisKeyStore(world.redis, restored.REDIS_PREFIX).findByPlaintext(
      plaintext,
    );
    expect(record).toMatchObject({ label: 'backup-me', tier: 'partner' });
    expect(record?.revoked_at).not.toBeNull();

    await fs.writeFile(
      out,
      JSON.stringify({
        version: 1,
        keys: [{ label: 'x', tier: 'gold', hash: 'abc', created_at: 'now', revoked_at: null }],
      }),
    );
    const bad = await runCli(['keys', 'import', out], restored);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/hash is not a hex sha256/);
  });
});

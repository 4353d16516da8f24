import { describe, expect, it } from 'vitest';
import { envSetting, loadEnv } from '../../config/env.js';

describe('envSetting', () => {
  it('reads one setting by the same rule and default as loadEnv', () => {
    expect(envSetting('LOG_LEVEL', { LOG_LEVEL: 'debug' })).toBe('debug');
    expect(envSetting('LOG_LEVEL', {})).toBe(loadEnv({}).LOG_LEVEL);
    expect(envSetting('PORT', { PORT: '8080' })).toBe(8080);
    expect(envSetting('SHARED_CTGOV_DIR', {})).toBe(loadEnv({}).SHARED_CTGOV_DIR);
  });

  it('gives the default for an invalid value, which loadEnv reports', () => {
    expect(envSetting('LOG_LEVEL', { LOG_LEVEL: 'loud' })).toBe('info');
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/Invalid environment: LOG_LEVEL/);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BASE_URL: 'http://localhost:3000',
      SEED_DEMO: true,
      AI_PROVIDER: 'builtin',
      SEARCH_PROVIDER: 'none',
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads booleans and treats empty values as unset', () => {
    const config = loadConfig({ SEED_DEMO: 'false', TRUST_PROXY: 'true', DATABASE_URL: '', BASE_URL: 'https://kb.example/' });
    expect(config.SEED_DEMO).toBe(false);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BASE_URL).toBe('https://kb.example');
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', AI_PROVIDER: 'magic' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });
});

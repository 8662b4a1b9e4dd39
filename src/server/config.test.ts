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

  it('reads outside calendars over https from public addresses within 10 seconds unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ALLOW_PRIVATE_CALENDAR_URLS: false, CALENDAR_FETCH_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ ALLOW_PRIVATE_CALENDAR_URLS: 'true', CALENDAR_FETCH_TIMEOUT_MS: '500' })).toMatchObject({
      ALLOW_PRIVATE_CALENDAR_URLS: true,
      CALENDAR_FETCH_TIMEOUT_MS: 500,
    });
    expect(() => loadConfig({ CALENDAR_FETCH_TIMEOUT_MS: '5' })).toThrow(/CALENDAR_FETCH_TIMEOUT_MS/);
  });

  it('reads TRUST_PROXY as one proxy in front, or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.5 , 10.1.0.0/16,::1,fd00::/8 ' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8']);
    for (const bad of ['2', 'maybe', '10.0.0.0/33', '10.0.0.300', 'fd00::/129', '10.0.0.0/8/1', 'loadbalancer.local', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: .*is not a proxy address or CIDR range\. Use true \(one proxy in front\)/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.0/40' })).toThrow(/'10\.0\.0\.0\/40' is not a proxy address/);
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', AI_PROVIDER: 'magic' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('stores photos in S3 only with a bucket and both keys', () => {
    const local = loadConfig({});
    expect(local.S3_BUCKET).toBeUndefined();
    expect(local.S3_REGION).toBe('us-east-1');
    expect(local.S3_FORCE_PATH_STYLE).toBe(false);

    const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };
    const aws = loadConfig({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', ...keys });
    expect(aws).toMatchObject({ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: false });
    expect(aws.S3_ENDPOINT).toBeUndefined();

    const minio = loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys });
    expect(minio).toMatchObject({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'https://r2.example', S3_FORCE_PATH_STYLE: 'false', ...keys }).S3_FORCE_PATH_STYLE).toBe(false);

    const needsKeys = /S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/;
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(needsKeys);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(needsKeys);
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_SECRET_ACCESS_KEY: 'secret', S3_ACCESS_KEY_ID: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
  it('texts through Twilio only with the account, its token and one sender', () => {
    const none = loadConfig({});
    expect(none.TWILIO_ACCOUNT_SID).toBeUndefined();
    expect(none.TWILIO_FROM).toBeUndefined();

    const account = { TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`, TWILIO_AUTH_TOKEN: 'token' };
    expect(loadConfig({ ...account, TWILIO_FROM: '+14105550100' })).toMatchObject({ ...account, TWILIO_FROM: '+14105550100' });
    const service = `MG${'b2'.repeat(16)}`;
    expect(loadConfig({ ...account, TWILIO_MESSAGING_SERVICE_SID: service }).TWILIO_MESSAGING_SERVICE_SID).toBe(service);
    expect(loadConfig({ ...account, TWILIO_FROM: '+14105550100', TWILIO_API_BASE: 'http://127.0.0.1:4010' }).TWILIO_API_BASE).toBe('http://127.0.0.1:4010');

    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: account.TWILIO_ACCOUNT_SID, TWILIO_FROM: '+14105550100' })).toThrow(/both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ TWILIO_AUTH_TOKEN: 'token' })).toThrow(/both TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig(account)).toThrow(/one of TWILIO_FROM \(the sending number\) or TWILIO_MESSAGING_SERVICE_SID/);
    expect(() => loadConfig({ ...account, TWILIO_FROM: '+14105550100', TWILIO_MESSAGING_SERVICE_SID: service })).toThrow(/one of TWILIO_FROM/);
    expect(() => loadConfig({ TWILIO_FROM: '+14105550100' })).toThrow(/need TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...account, TWILIO_FROM: '410-555-0100' })).toThrow(/TWILIO_FROM is a number in E\.164 form/);
    expect(() => loadConfig({ ...account, TWILIO_ACCOUNT_SID: 'SK123', TWILIO_FROM: '+14105550100' })).toThrow(/TWILIO_ACCOUNT_SID is AC followed by 32/);
    expect(() => loadConfig({ ...account, TWILIO_MESSAGING_SERVICE_SID: 'MG1' })).toThrow(/TWILIO_MESSAGING_SERVICE_SID is MG/);
  });

  it('relays calls through TURN with both its URLs and its secret, beside ICE_SERVERS or alone', () => {
    const secret = 'a-static-auth-secret-of-32-chars!';
    expect(loadConfig({}).TURN_URLS).toBeUndefined();
    const relay = loadConfig({ TURN_URLS: ' turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349 ', TURN_SECRET: secret });
    expect(relay).toMatchObject({ TURN_URLS: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], TURN_SECRET: secret });
    expect(loadConfig({ TURN_URLS: 'turn:10.0.0.5', TURN_SECRET: secret, ICE_SERVERS: 'stun:stun.example.com:3478' }).ICE_SERVERS).toBe('stun:stun.example.com:3478');
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.com:3478' })).toThrow(/needs both TURN_URLS and TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: secret })).toThrow(/needs both TURN_URLS and TURN_SECRET/);
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.com', TURN_SECRET: 'short' })).toThrow(/TURN_SECRET must be at least 32 characters/);
    for (const bad of ['stun:stun.example.com:3478', 'https://turn.example.com', 'turn:', 'turn:host?transport=quic', 'turn:a b', ',']) {
      expect(() => loadConfig({ TURN_URLS: bad, TURN_SECRET: secret }), bad).toThrow(/TURN_URLS: .*is not a turn: or turns: URL/);
    }
    expect(() => loadConfig({ TURN_URLS: 'turn:ok.example.com,stun:no.example.com', TURN_SECRET: secret })).toThrow(/'stun:no\.example\.com' is not a turn:/);
  });

  it('takes both VAPID keys or neither, and keeps private push endpoints out of production', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'BAbc' })).toThrow(/needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT must be a mailto: or https: address/);
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@example.com' }).VAPID_SUBJECT).toBe('mailto:ops@example.com');
    expect(loadConfig({}).ALLOW_PRIVATE_PUSH_ENDPOINTS).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true' })).toThrow(/ALLOW_PRIVATE_PUSH_ENDPOINTS is for tests only/);
  });
});

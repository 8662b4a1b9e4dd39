import { describe, expect, it } from 'vitest';
import { canPush, devicePushSupport, homeScreenHint, isIos, keyBytes, type BrowserFacts } from './push-support';

const desktopChrome: BrowserFacts = { pushApis: true, ios: false, android: false, standalone: false, handheld: false, permission: 'default' };
const iphoneSafari: BrowserFacts = { pushApis: false, ios: true, android: false, standalone: false, handheld: true, permission: null };
const androidChrome: BrowserFacts = { ...desktopChrome, android: true, handheld: true };

describe("the 'This device' card's offer", () => {
  it('offers push where the browser has the APIs and the site is not blocked', () => {
    expect(devicePushSupport(desktopChrome)).toBe('available');
    expect(devicePushSupport({ ...desktopChrome, permission: 'granted' })).toBe('available');
    expect(devicePushSupport({ ...desktopChrome, permission: 'denied' })).toBe('denied');
  });

  it('says the browser cannot when an API is missing', () => {
    expect(devicePushSupport({ ...desktopChrome, pushApis: false, permission: null })).toBe('unsupported');
  });

  it('on iPhone and iPad asks for the Home Screen first, and offers push in the installed app', () => {
    expect(devicePushSupport(iphoneSafari)).toBe('ios-install-first');
    // iOS 16.4+ Safari has the APIs in a tab too, but delivers only to the installed app.
    expect(devicePushSupport({ ...iphoneSafari, pushApis: true, permission: 'default' })).toBe('ios-install-first');
    expect(devicePushSupport({ ...iphoneSafari, standalone: true, pushApis: true, permission: 'default' })).toBe('available');
  });

  it('shows the push column of the preferences only where push can be had', () => {
    expect(canPush('available')).toBe(true);
    expect(canPush('denied')).toBe(true);
    expect(canPush('unsupported')).toBe(false);
    expect(canPush('ios-install-first')).toBe(false);
  });
});

describe('the home-screen hint', () => {
  it('shows once, on a phone or tablet, outside the installed app', () => {
    expect(homeScreenHint(iphoneSafari, { seenBefore: false, installPrompt: false })).toBe('ios');
    expect(homeScreenHint(androidChrome, { seenBefore: false, installPrompt: true })).toBe('install');
    expect(homeScreenHint(androidChrome, { seenBefore: false, installPrompt: false })).toBe('menu');
    expect(homeScreenHint(androidChrome, { seenBefore: true, installPrompt: true })).toBeNull();
    expect(homeScreenHint({ ...iphoneSafari, standalone: true }, { seenBefore: false, installPrompt: false })).toBeNull();
    expect(homeScreenHint(desktopChrome, { seenBefore: false, installPrompt: true })).toBeNull();
  });
});

describe('the browser facts', () => {
  it('knows an iPhone, and an iPad that says it is a Mac', () => {
    expect(isIos('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', 'iPhone', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 8)', 'Linux armv8l', 5)).toBe(false);
  });

  it('reads the VAPID key as its 65 bytes', () => {
    const key = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = keyBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});

import { z } from 'zod';
import { iceServerSchema, type IceServer } from '../../common/video-call.js';

const ICE_URL = /^(stun|stuns|turn|turns):[^\s,]+$/;

/**
 * ICE_SERVERS: a JSON array of RTCIceServer (`[{"urls":"turn:turn.example.com:3478","username":"kb","credential":"..."}]`)
 * or a comma-separated list of stun:/turn: URLs. Unset: none, which is enough on one network.
 * Throws a sentence saying what is wrong, for the configuration error.
 */
export function parseIceServers(value: string | undefined): IceServer[] {
  const text = value?.trim();
  if (!text) return [];
  let servers: IceServer[];
  if (text.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error('ICE_SERVERS is not valid JSON.');
    }
    const parsed = z.array(iceServerSchema).safeParse(json);
    if (!parsed.success) throw new Error('ICE_SERVERS must be an array of {urls, username?, credential?}.');
    servers = parsed.data;
  } else {
    servers = text.split(',').map((url) => ({ urls: url.trim() }));
  }
  for (const server of servers) {
    for (const url of [server.urls].flat()) {
      if (!ICE_URL.test(url)) throw new Error(`ICE_SERVERS: '${url}' is not a stun:, stuns:, turn: or turns: URL.`);
    }
  }
  return servers;
}

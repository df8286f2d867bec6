/**
 * What the parts of one over-the-air client share: its options with their defaults resolved, where it
 * keeps its data, how it sends requests, and its events. createOtaClient (./create-client.ts) makes one.
 */
import type { OtaOptions } from './client';
import type { Events } from './events';
import type { HttpConfig } from './http';
import type { OtaStorage } from './storage';

export interface ClientContext {
  options: OtaOptions;
  now: () => number;
  random: () => number;
  storage: OtaStorage;
  /** The prefix of every storage key of this client: `<storageKey>:<type>:<environment>:`. */
  prefix: string;
  http: HttpConfig;
  events: Events;
}

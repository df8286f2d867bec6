/** Hosts by why they may be named (scripts/known-hosts.mjs). */
export declare const KNOWN_HOSTS: {
  service: { host: string; reason: string }[];
  thirdParty: { host: string; reason: string }[];
};
/** Whether `hostname` is this machine: 127.0.0.0/8, ::1, localhost. */
export declare function isLoopbackHostname(hostname: string): boolean;
/** Why `hostname` may be named, or undefined when it may not. */
export declare function whyAllowed(hostname: string): string | undefined;

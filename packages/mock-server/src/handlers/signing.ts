import { createHmac, timingSafeEqual } from 'node:crypto';

/** Pre-signed object-storage URLs: an expiry and an HMAC over path and expiry, like S3's. */
export interface Signer {
  sign(origin: string, path: string, expiresAt: number): string;
  /** 'ok', or why the URL is refused. */
  verify(path: string, expires: string | null, signature: string | null, now: number): 'ok' | 'expired' | 'invalid';
}

export function createSigner(secret: string): Signer {
  // Expiries have a resolution of a second, so under load most signatures repeat: remember them.
  const remembered = new Map<string, string>();
  const mac = (path: string, expires: string) => {
    const message = `${path}\n${expires}`;
    let signature = remembered.get(message);
    if (signature === undefined) {
      signature = createHmac('sha256', secret).update(message).digest('hex');
      if (remembered.size >= 1024) remembered.clear();
      remembered.set(message, signature);
    }
    return signature;
  };
  // The URL signed last: under load one URL is signed again and again within its second, and handing back
  // the same string spares building it (and lets a caller compare it by reference).
  let last = { origin: '', path: '', seconds: Number.NaN, url: '' };
  return {
    sign(origin, path, expiresAt) {
      const seconds = Math.floor(expiresAt / 1000);
      if (seconds === last.seconds && path === last.path && origin === last.origin) return last.url;
      const expires = String(seconds);
      const url = `${origin}${path}?expires=${expires}&signature=${mac(path, expires)}`;
      last = { origin, path, seconds, url };
      return url;
    },
    verify(path, expires, signature, now) {
      if (!expires || !signature || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
      const expected = Buffer.from(mac(path, expires), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
      return Number(expires) * 1000 < now ? 'expired' : 'ok';
    },
  };
}

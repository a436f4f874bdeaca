import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Solves a sign-in challenge (the server's signin-challenge.ts, ALTCHA scheme) off the page's thread:
 * the number n ≤ maxnumber whose SHA-256(salt + n) is the challenge. Posts the number, or null.
 */
self.onmessage = (e: MessageEvent<{ challenge: string; salt: string; maxnumber: number }>) => {
  const { challenge, salt, maxnumber } = e.data;
  for (let n = 0; n <= maxnumber; n++) {
    if (bytesToHex(sha256(utf8ToBytes(salt + n))) === challenge) {
      self.postMessage(n);
      return;
    }
  }
  self.postMessage(null);
};

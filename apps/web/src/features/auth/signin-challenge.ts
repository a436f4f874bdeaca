import { client } from '../../core/client';

/**
 * A solved sign-in challenge to send with the sign-in (docs/auth.md 'Sign-in challenge'), or null
 * when none could be had: asked of the server, solved in a Web Worker (about a second).
 */
export async function solveSignInChallenge(): Promise<string | null> {
  const res = await client.GET('/api/auth/challenge');
  const c = res.code === 200 ? res.data : null;
  if (!c) return null;
  const worker = new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' });
  try {
    const number = await new Promise<number | null>((resolve) => {
      worker.onmessage = (e: MessageEvent<number | null>) => resolve(e.data);
      worker.onerror = () => resolve(null);
      worker.postMessage({ challenge: c.challenge, salt: c.salt, maxnumber: c.maxnumber });
    });
    if (number === null) return null;
    return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature }));
  } finally {
    worker.terminate();
  }
}

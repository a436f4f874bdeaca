import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { signInWithForm, userWith } from './helpers';

/**
 * Issue 28 §4: a browser without the account's device cookie gets in, with the right password, while
 * wrong guesses keep coming from 60 addresses (X-Forwarded-For, which the e2e server trusts from
 * loopback only: global-setup's TRUST_PROXY). The page is told to solve a sign-in challenge, solves it
 * in a Web Worker and signs in.
 */
test('a new browser signs in during a sustained attack on its account', async ({ page, request }) => {
  const user = await userWith(request, ['list:notifications'], `tc${Date.now().toString(36)}`);
  let i = 0;
  const guess = () =>
    request.post('/api/auth/login', {
      data: { username: user.username, password: `Sai#Mat${i}` },
      headers: { 'x-forwarded-for': `198.51.100.${(i++ % 60) + 1}` },
    });
  const first = await Promise.all(Array.from({ length: 12 }, () => guess()));
  expect(first.some((r) => r.status() === 429)).toBe(true);
  // one wrong guess every half second while the browser signs in
  let stop = false;
  const attack = (async () => {
    while (!stop) {
      await guess();
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  try {
    await page.goto('/auth/login');
    // the account's turn is the attacker's: the page is asked for the challenge and solves it
    const challenged = page.waitForResponse((r) => r.url().endsWith('/api/auth/challenge') && r.status() === 200);
    await signInWithForm(page, user);
    await challenged;
    await expect(page).toHaveURL(/\/admin\//, { timeout: 60_000 });
    await page.screenshot({ path: 'test-results/e2e/signin-challenge-in.png' });
  } finally {
    stop = true;
    await attack;
  }
  await expectAccessible(page);
});

import { createHmac } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

type Account = { email: string; password: string; name: string };

/** A Staff account of this test's own, added by the demo Admin through the API. */
async function createAccount(request: APIRequestContext): Promise<Account> {
  const login = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const suffix = uniqueSuffix();
  const account = { name: `Profile Tester ${suffix}`, email: `profile-${suffix}@e2e.shop`, password: `kampot-pepper-${suffix}` };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...account, role: 'Staff' },
  });
  expect(created.status()).toBe(201);
  return account;
}

async function apiToken(request: APIRequestContext, account: Account, userAgent?: string): Promise<string> {
  const response = await request.post('/api/login', {
    data: { email: account.email, password: account.password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  // A deliberate sign-out leaves no 'return to' behind: whoever signs in next starts at the dashboard.
  expect(await page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
}

/** RFC 4648 base32, as authenticator apps read the secret. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits), written here so the test checks the server against the standard. */
function totp(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

test.describe('profile and security', () => {
  test('the RFC 6238 helper matches the standard’s SHA-1 test vector', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits; 6 here).
    expect(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1)).toBe('287082');
  });

  test('a user changes the password on the screen and signs in with the new one', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await page.goto('/profile?tab=security');

    const newPassword = `${account.password}-new`;
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('New password and confirmation must match')).toBeVisible();

    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(toast(page, 'Password updated')).toBeVisible();

    await signOut(page);
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();

    await signIn(page, { email: account.email, password: newPassword });
  });

  test('two-step sign-in: turned on from the screen, used at sign-in, then turned off', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await page.goto('/profile?tab=security');

    await page.getByRole('switch', { name: 'Require a code at sign-in' }).click();
    const setup = page.getByRole('dialog', { name: 'Two-step sign-in is on' });
    await expect(setup.locator('svg', { hasText: 'QR code for your authenticator app' })).toBeVisible();
    await expect(setup.getByRole('listitem')).toHaveCount(10);
    const secret = (await setup.locator('code').first().textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await setup.getByRole('button', { name: 'I saved my backup codes' }).click();
    await expect(page.getByText('Backup codes left: 10')).toBeVisible();

    await signOut(page);
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(page.getByLabel('Code')).toBeFocused();

    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not valid.');

    await page.getByLabel('Code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A code is accepted once: the next step's code (within the server's one-step allowance) turns it off.
    await page.goto('/profile?tab=security');
    await page.getByRole('switch', { name: 'Require a code at sign-in' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-step sign-in' });
    await off.getByLabel('Code').fill(totp(secret, Math.floor(Date.now() / 30_000) + 1));
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(toast(page, '2FA disabled')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Require a code at sign-in' })).not.toBeChecked();

    const plain = await request.post('/api/login', { data: { email: account.email, password: account.password } });
    expect(await plain.json()).toHaveProperty('access_token');
  });

  test('another session is signed out from the Sessions tab and its token stops working', async ({ page, request }) => {
    const account = await createAccount(request);
    const agent = `E2E-Other-Device/${uniqueSuffix()}`;
    const other = await apiToken(request, account, agent);
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(200);

    await signIn(page, account);
    await page.goto('/profile?tab=sessions');
    await expect(row(page, 'This device')).toHaveCount(1);
    const otherRow = row(page, agent);
    await expect(otherRow).toBeVisible();
    await otherRow.getByRole('button', { name: /^Sign out / }).click();
    await page.getByRole('alertdialog', { name: 'Sign out this session?' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(toast(page, 'Session signed out')).toBeVisible();
    await expect(otherRow).toHaveCount(0);

    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${other}` } })).status()).toBe(401);
    await expect(row(page, 'This device')).toHaveCount(1);
  });

  test('an API key made on the screen works as a Bearer token until it is revoked', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await page.goto('/profile?tab=api-keys');

    const label = `Stock sync ${uniqueSuffix()}`;
    await page.getByLabel('Label').fill(label);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'API key created' });
    await expect(shown.getByText('You will not see it again', { exact: false })).toBeVisible();
    const key = (await shown.locator('code').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(20);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(key)).toHaveCount(0);

    const me = await request.get('/api/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ data: { email: account.email } });

    await row(page, label).getByRole('button', { name: `Revoke ${label}` }).click();
    await page.getByRole('alertdialog', { name: 'Revoke this API key?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'API key revoked')).toBeVisible();
    await expect(row(page, label)).toHaveCount(0);
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
  });

  test('Account Settings saves the name, and the header shows it', async ({ page, request }) => {
    const account = await createAccount(request);
    await signIn(page, account);
    await page.goto('/settings/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();

    const name = `${account.name} Renamed`;
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
    await expect(toast(page, 'Profile updated')).toBeVisible();
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('menu').getByText(name)).toBeVisible();
  });
});

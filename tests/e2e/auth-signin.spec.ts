import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { Secret, TOTP } from 'otpauth';
import { startJwksServer } from '../support/auth-harness';
import type { MailServer } from '../support/mail-server';
import { activeCustomer, startSuiteMailbox, suiteEmail } from './auth-support';
import { PORT, serverClock, visit } from './support';

/**
 * Sign-in methods in the browser, production build: the desktop app's sign-in to a loopback
 * listener, Google through a stand-in for its script, a backup code at the second step, and a
 * passkey in Chromium's virtual authenticator.
 */

const PASSWORD = 'a long and private passphrase';
const GOOGLE_CLIENT_ID = 'storefront-e2e.apps.googleusercontent.com';
let mailbox: MailServer;
let jwks: Awaited<ReturnType<typeof startJwksServer>>;

test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
  jwks = await startJwksServer(PORT + 2);
});
test.afterAll(async () => {
  await Promise.all([mailbox.close(), jwks.close()]);
});

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The desktop app's view of the network: the store's public address (the issuer) is this
 * server, reached with the host override the suite's server accepts.
 */
// The brand's public address (docs/contract/brands-and-hosts.md: the domain brand lives on www.).
const ISSUER = new URL('https://www.nameport.example');
const network = {
  [oauth.customFetch]: (
    url: string,
    init: { method?: string; headers?: HeadersInit; body?: unknown },
  ) => {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    headers.set('x-host-secret', 'e2e-override-secret-0123456789');
    headers.set('x-forwarded-host', target.host);
    return fetch(`http://127.0.0.1:${PORT}${target.pathname}${target.search}`, {
      method: init.method,
      headers,
      body: init.body as BodyInit | undefined,
    });
  },
};

/** The loopback listener a native app opens for its redirect (RFC 8252 section 7.3). */
async function loopbackListener(): Promise<{ url: string; next: Promise<URL>; server: Server }> {
  let deliver!: (url: URL) => void;
  const next = new Promise<URL>((resolve) => (deliver = resolve));
  const server = createServer((req, res) => {
    deliver(new URL(req.url ?? '/', `http://${req.headers.host}`));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/callback`, next, server };
}

test('the desktop app signs in through the browser and calls the API with its tokens', async ({
  page,
}) => {
  const email = suiteEmail('desktop');
  await activeCustomer(mailbox, email, PASSWORD, 'Dee Sktop');

  const as = await oauth.processDiscoveryResponse(
    ISSUER,
    await oauth.discoveryRequest(ISSUER, { ...network, algorithm: 'oauth2' }),
  );
  const client: oauth.Client = { client_id: 'callwave-desktop' };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const listener = await loopbackListener();
  const authorize = new URL(as.authorization_endpoint!);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: listener.url,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    scope: 'account:read services:read',
  }).toString();

  // The system browser opens the authorize page on the brand's host (here its local name).
  await visit(page, `/oauth/authorize${authorize.search}`);
  await expect(page.getByRole('heading', { name: 'Sign in to Callwave Desktop' })).toBeVisible();
  await signIn(page, email);
  await expect(page.getByText('Signed in as Dee Sktop')).toBeVisible();
  const asks = page.getByRole('list', { name: 'What the app asks for' });
  await expect(asks).toContainText('See your name, e-mail address and account');
  await expect(asks).toContainText('See your services');
  await page.getByRole('button', { name: 'Allow' }).click();

  const callback = await listener.next;
  listener.server.close();
  const params = oauth.validateAuthResponse(as, client, callback, state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      listener.url,
      verifier,
      network,
    ),
  );
  expect(tokens.scope).toBe('account:read services:read');
  const customer = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL('/api/customer', ISSUER),
    undefined,
    undefined,
    network,
  );
  expect((await customer.json()).data.user.email).toBe(email);
  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, network),
  );
  expect(refreshed.access_token).not.toBe(tokens.access_token);
});

test('the authorize page shows an unknown app and sends a refusal back to the app', async ({
  page,
}) => {
  await visit(
    page,
    '/oauth/authorize?response_type=code&client_id=evil-app&redirect_uri=http://127.0.0.1:1/cb',
  );
  await expect(
    page.getByRole('heading', { name: 'This sign-in link does not work' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('evil-app');

  const listener = await loopbackListener();
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'callwave-desktop',
    redirect_uri: listener.url,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'st-42',
  });
  await visit(page, `/oauth/authorize?${query}`);
  await page.getByRole('button', { name: 'Cancel and return to the app' }).click();
  const callback = await listener.next;
  listener.server.close();
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('state')).toBe('st-42');
});

/** What Google's script does for the button, served in its place with a ready ID token. */
const standIn = (credential: string) => `
window.google = { accounts: { id: {
  initialize(options) { window.__gsi = options; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Sign in with Google';
    button.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(credential)}, select_by: 'btn' });
    parent.appendChild(button);
  },
} } };`;

test('signs in with Google through the button; its script loads only on the sign-in screens', async ({
  page,
}) => {
  const email = suiteEmail('google');
  const credential = await jwks.sign({
    sub: `google-${email}`,
    email,
    name: 'Grace Google',
    aud: GOOGLE_CLIENT_ID,
  });
  const loaded: string[] = [];
  await page.route('https://accounts.google.com/gsi/client', (route) => {
    loaded.push(new URL(page.url()).pathname);
    return route.fulfill({ contentType: 'text/javascript', body: standIn(credential) });
  });

  await visit(page, '/');
  await visit(page, '/domains/pricing');
  expect(loaded).toEqual([]);
  await visit(page, '/register');
  await expect(page.getByTestId('google-button').getByRole('button')).toBeVisible();
  await visit(page, '/login');
  await page
    .getByTestId('google-button')
    .getByRole('button', { name: 'Sign in with Google' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText('Signed in as Grace Google');
  expect(loaded).toEqual(['/register', '/login']);
});

test('says Google sign-in is unavailable when its script cannot load, and leaves no lone "or"', async ({
  page,
}) => {
  await page.route('https://accounts.google.com/gsi/client', (route) => route.abort('failed'));
  await visit(page, '/login');
  await expect(page.getByText(/^Google sign-in is unavailable right now/)).toBeVisible();
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('google-button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});

test('signs in with a backup code when the authenticator app is not at hand', async ({ page }) => {
  const email = suiteEmail('backup');
  await activeCustomer(mailbox, email, PASSWORD);
  await visit(page, '/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await visit(page, '/dashboard/security');
  await page.getByLabel('Your password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Set up the authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  // The code of the server's time, which other specs may have moved on.
  const at = Date.now() + (await serverClock.offsetMs());
  await page
    .getByLabel('Code from the app')
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const code = (await codes.first().textContent())!.trim();
  await expect(page.getByTestId('backup-codes-left')).toHaveText('10 backup codes are left.');

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await visit(page, '/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/login\/challenge\?/);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await expect(page.getByRole('textbox', { name: 'Backup code' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Backup code' }).fill(code.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await visit(page, '/dashboard/security');
  await expect(page.getByTestId('backup-codes-left')).toHaveText('9 backup codes are left.');
  await mailbox.waitFor(email, (m) => m.subject.startsWith('A backup code was used'));
});

test('adds a passkey on the security page and signs in with it, no password', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = suiteEmail('passkey');
  await activeCustomer(mailbox, email, PASSWORD, 'Pat Key');
  await visit(page, '/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  await visit(page, '/dashboard/security');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByLabel('Name of the new passkey (optional)').fill('Test laptop');
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey “Test laptop” is added.');
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await visit(page, '/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main')).toContainText('Signed in as Pat Key');

  // Removing it asks for the password there and then, in a field of its own.
  await visit(page, '/dashboard/security');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await section.getByRole('button', { name: 'Remove the passkey Test laptop' }).click();
  const password = section.getByLabel('Your password, to remove “Test laptop”');
  await expect(password).toBeFocused();
  await password.fill(PASSWORD);
  await section.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByRole('status')).toHaveText('The passkey “Test laptop” is removed.');
  await expect(section.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0);
});

test('lists where the customer is signed in and changes the password', async ({
  page,
  browser,
}) => {
  const email = suiteEmail('basics');
  await activeCustomer(mailbox, email, PASSWORD);
  const elsewhere = await browser.newContext({ baseURL: `http://nameport.localhost:${PORT}` });
  const other = await elsewhere.newPage();
  await visit(other, '/login');
  await signIn(other, email);
  await expect(other).toHaveURL(/\/dashboard$/);

  await visit(page, '/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The page's sections are in its first response, before any script runs.
  const first = await page.evaluate(async () => (await fetch('/dashboard/security')).text());
  for (const section of ['totp-title', 'password-title', 'email-title', 'sessions-title']) {
    expect(first).toContain(`id="${section}"`);
  }
  expect(first).not.toContain('Loading…');
  await visit(page, '/dashboard/security');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'this device' })).toHaveCount(1);

  const password = page.getByRole('region', { name: 'Password', exact: true });
  await password.getByLabel('Current password').fill(PASSWORD);
  await password.getByLabel('New password', { exact: true }).fill('a different long passphrase');
  await password.getByLabel('New password again').fill('a different long passphrase');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('status')).toContainText('Your password is changed');
  await mailbox.waitFor(email, (m) => m.subject.startsWith('Your password was changed'));

  // The other browser was signed out; this one was not.
  await visit(other, '/dashboard');
  await expect(other.getByRole('main')).toContainText('to see your account');
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem'),
  ).toHaveCount(1);
  await elsewhere.close();
});

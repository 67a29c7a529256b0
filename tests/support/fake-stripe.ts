import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A test's outside world: the small part of Stripe's API the product uses, on a local port, for
 * the real SDK (pointed at it with STRIPE_API_URL). PaymentIntents (create, retrieve, confirm,
 * cancel), customers (create), idempotency-key replay, and webhooks signed the way Stripe signs
 * them (the SDK's generateTestHeaderString). It also serves a stand-in for Stripe.js, so the
 * browser lane can pay on the product's pay page as a customer would.
 *
 * Connect (issue 26 point 12): connected accounts (create, retrieve) and Account Links to a
 * stand-in onboarding page; every call's Stripe-Account header is recorded, an object lives in the
 * account it was made in (another account gets 404, as at Stripe), and events about a connected
 * account's objects carry its id in `account`, as Connect webhooks do.
 */

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { message: string; code: string } | null;
  created: number;
  livemode: false;
  /** The connected account it was made in (the Stripe-Account header); null: the platform's. */
  account: string | null;
};

type Account = {
  id: string;
  object: 'account';
  email: string | null;
  charges_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
  controller: unknown;
  /** Why Stripe stopped its charges, as `requirements.disabled_reason` says. */
  requirements: { disabled_reason: string | null };
};

/** Stripe's test payment methods and card numbers, and what paying with each does. */
const CARDS: Record<string, { pm: string; outcome: 'succeeded' | 'declined' | 'action' }> = {
  '4242424242424242': { pm: 'pm_card_visa', outcome: 'succeeded' },
  '4000000000000002': { pm: 'pm_card_chargeDeclined', outcome: 'declined' },
  '4000002500003155': { pm: 'pm_card_authenticationRequired', outcome: 'action' },
};
const BY_PM = Object.fromEntries(Object.values(CARDS).map((c) => [c.pm, c.outcome]));

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`metadata[order_id]=...`) read back into an object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

export async function startFakeStripe(options: {
  webhookSecret: string;
  /** Where events go (the product's webhook), set now or later with `sendWebhooksTo`. */
  webhookUrl?: string;
  port?: number;
}) {
  const intents = new Map<string, Intent>();
  const refunds: {
    id: string;
    payment_intent: string;
    amount: number;
    currency: string;
    /** The Stripe-Account the refund was made in; null: the platform's. */
    account: string | null;
  }[] = [];
  const accounts = new Map<string, Account>();
  /** Paths that answer 500 (Stripe down for them), set by a test. */
  const failing = new Set<string>();
  const replays = new Map<string, { status: number; body: string }>();
  const calls: {
    method: string;
    path: string;
    idempotencyKey: string | null;
    /** The Stripe-Account header of the call; null: made as the platform. */
    stripeAccount: string | null;
  }[] = [];
  const sent: { id: string; type: string; status: number }[] = [];
  const signer = new Stripe('sk_test_fake', { telemetry: false });
  let webhookUrl = options.webhookUrl;
  let autoWebhooks = true;

  function event(type: string, intent: Intent) {
    const { account, ...object } = intent;
    return {
      id: id('evt'),
      object: 'event',
      // Connect webhooks name the connected account the event happened in.
      ...(account ? { account } : {}),
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }

  /** Signs an event as Stripe does and posts it to the product; answers the status. */
  async function deliver(body: object, secret = options.webhookSecret, url = webhookUrl) {
    if (!url) throw new Error('no webhook URL');
    const payload = JSON.stringify(body);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    const { id: eventId, type } = body as { id: string; type: string };
    sent.push({ id: eventId, type, status: response.status });
    return { status: response.status, body: await response.json() };
  }

  function pay(intent: Intent, pm: string): { type: string; event: ReturnType<typeof event> } {
    intent.payment_method = pm;
    const outcome = BY_PM[pm] ?? 'succeeded';
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      return { type: 'payment_intent.succeeded', event: event('payment_intent.succeeded', intent) };
    }
    if (outcome === 'action') {
      intent.status = 'requires_action';
      return {
        type: 'payment_intent.requires_action',
        event: event('payment_intent.requires_action', intent),
      };
    }
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = { message: 'Your card was declined.', code: 'card_declined' };
    return {
      type: 'payment_intent.payment_failed',
      event: event('payment_intent.payment_failed', intent),
    };
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'request-id': id('req'),
    });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, what: string) =>
    json(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });

  /** An intent as the API answers it (its account is where it lives, not a field). */
  const shown = (intent: Intent): Omit<Intent, 'account'> => {
    const answer: Partial<Intent> = { ...intent };
    delete answer.account;
    return answer as Omit<Intent, 'account'>;
  };

  function expandIntent(intent: Intent, expand: boolean) {
    if (!expand || !intent.payment_method) return shown(intent);
    return {
      ...shown(intent),
      payment_method: {
        id: intent.payment_method,
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242' },
      },
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const stripeAccount = (req.headers['stripe-account'] as string | undefined) || null;
    calls.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: key,
      stripeAccount,
    });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type, authorization, stripe-account',
        'access-control-allow-methods': 'GET, POST',
      });
      return res.end();
    }
    if (url.pathname === '/v3/') {
      res.writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' });
      return res.end(STRIPE_JS);
    }
    if (req.method === 'GET' && url.pathname.startsWith('/connect/onboarding/')) {
      // Stripe's hosted onboarding form, filled in at once: the account can take charges.
      const account = accounts.get(url.pathname.slice('/connect/onboarding/'.length));
      if (!account) return notFound(res, 'account');
      account.charges_enabled = true;
      account.details_submitted = true;
      account.requirements = { disabled_reason: null };
      res.writeHead(302, { location: url.searchParams.get('return') ?? '/' });
      return res.end();
    }
    if (failing.has(url.pathname)) {
      return json(res, 500, { error: { type: 'api_error', message: 'Stripe is down (test).' } });
    }
    const replayKey = key ? `${req.method} ${url.pathname} ${stripeAccount ?? ''} ${key}` : null;
    if (replayKey && replays.has(replayKey)) {
      const replay = replays.get(replayKey)!;
      res.writeHead(replay.status, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
      return res.end(replay.body);
    }
    const reply = (status: number, body: unknown) => {
      if (replayKey) replays.set(replayKey, { status, body: JSON.stringify(body) });
      json(res, status, body);
    };
    const form = parseForm(raw);
    // The browser's calls carry the client secret instead of the secret key.
    const browser = typeof form.client_secret === 'string';
    if (!browser && !/^Bearer sk_test_/.test(req.headers.authorization ?? '')) {
      return json(res, 401, { error: { type: 'invalid_request_error', message: 'No API key' } });
    }

    if (stripeAccount && !accounts.has(stripeAccount)) {
      return json(res, 403, {
        error: {
          type: 'invalid_request_error',
          code: 'account_invalid',
          message: `The provided key does not have access to account '${stripeAccount}'.`,
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/accounts') {
      const account: Account = {
        id: id('acct'),
        object: 'account',
        email: (form.email as string) ?? null,
        charges_enabled: false,
        details_submitted: false,
        metadata: (form.metadata as Record<string, string>) ?? {},
        controller: form.controller ?? null,
        requirements: { disabled_reason: 'requirements.past_due' },
      };
      accounts.set(account.id, account);
      return reply(200, account);
    }
    const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(url.pathname);
    if (accountMatch && req.method === 'GET') {
      const account = accounts.get(accountMatch[1]!);
      return account ? json(res, 200, account) : notFound(res, 'account');
    }
    if (req.method === 'POST' && url.pathname === '/v1/account_links') {
      const account = accounts.get(String(form.account));
      if (!account) return notFound(res, 'account');
      const back = new URLSearchParams({ return: String(form.return_url ?? '') });
      return reply(200, {
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/connect/onboarding/${account.id}?${back}`,
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      return reply(200, { id: id('cus'), object: 'customer', email: form.email ?? null });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const intent: Intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: String(form.currency),
        status: 'requires_payment_method',
        client_secret: '',
        customer: (form.customer as string) ?? null,
        description: (form.description as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        payment_method: null,
        setup_future_usage: (form.setup_future_usage as string) ?? null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        account: stripeAccount,
      };
      intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
      intents.set(intent.id, intent);
      if (form.confirm === 'true' && typeof form.payment_method === 'string') {
        const { event: e } = pay(intent, form.payment_method);
        if (autoWebhooks) void deliver(e).catch(() => undefined);
      }
      return reply(200, shown(intent));
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const paid = intents.get(String(form.payment_intent));
      if (!paid || paid.account !== stripeAccount) return notFound(res, 'payment_intent');
      if (paid.status !== 'succeeded') {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: 'This PaymentIntent has not succeeded.',
          },
        });
      }
      const refund = {
        id: id('re'),
        object: 'refund',
        payment_intent: paid.id,
        amount: form.amount === undefined ? paid.amount : Number(form.amount),
        currency: paid.currency,
        status: 'succeeded',
      };
      refunds.push({ ...refund, account: stripeAccount });
      return reply(200, refund);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(url.pathname);
    const found = match ? intents.get(match[1]!) : undefined;
    // An intent lives in one account: asked from another (or the platform), it does not exist.
    // The browser's calls with the client secret say the account as Stripe.js does.
    const intent = found && found.account === stripeAccount ? found : undefined;
    if (match && !intent) return notFound(res, 'payment_intent');
    if (intent && req.method === 'GET' && !match![2]) {
      return json(res, 200, expandIntent(intent, url.searchParams.has('expand[0]')));
    }
    if (intent && req.method === 'POST' && match![2] === 'confirm') {
      if (browser && form.client_secret !== intent.client_secret) {
        return json(res, 400, { error: { type: 'invalid_request_error', message: 'bad secret' } });
      }
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `This PaymentIntent's status is ${intent.status}.`,
          },
        });
      }
      const { event: e } = pay(intent, String(form.payment_method ?? 'pm_card_visa'));
      if (autoWebhooks) void deliver(e).catch(() => undefined);
      return reply(200, shown(intent));
    }
    if (intent && req.method === 'POST' && match![2] === 'cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return reply(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          },
        });
      }
      intent.status = 'canceled';
      return reply(200, shown(intent));
    }
    return notFound(res, url.pathname);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) =>
        json(res, 500, { error: { type: 'api_error', message: String(error) } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    jsUrl: `http://127.0.0.1:${port}/v3/`,
    intents,
    refunds,
    calls,
    accounts,
    /** Makes a path answer 500 (on) or work again (off). */
    fail(path: string, on = true) {
      if (on) failing.add(path);
      else failing.delete(path);
    },
    /** A connected account the platform made, onboarded (it can take charges). */
    connectedAccount() {
      const account: Account = {
        id: id('acct'),
        object: 'account',
        email: null,
        charges_enabled: true,
        details_submitted: true,
        metadata: {},
        controller: null,
        requirements: { disabled_reason: null },
      };
      accounts.set(account.id, account);
      return account.id;
    },
    /** Stripe stops an account's charges, as it does when it wants more details (or rejects it). */
    restrictAccount(accountId: string, reason = 'requirements.past_due') {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.charges_enabled = false;
      account.requirements = { disabled_reason: reason };
    },
    sent,
    sendWebhooksTo(url: string) {
      webhookUrl = url;
    },
    /** Off: payments change state without telling the product (a test sends events itself). */
    autoWebhooks(on: boolean) {
      autoWebhooks = on;
    },
    /** The customer pays an intent, as Stripe.js would; answers the event Stripe would send. */
    pay(intentId: string, pm = 'pm_card_visa') {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return pay(intent, pm).event;
    },
    event(type: string, intentId: string) {
      return event(type, intents.get(intentId)!);
    },
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A stand-in for Stripe.js v3: `Stripe(key).elements({clientSecret}).create('payment')` mounts a
 * card-number field, and `confirmPayment` confirms the intent with this server (as Stripe.js
 * does with api.stripe.com), then goes to the return URL with Stripe's query parameters.
 */
const STRIPE_JS = `(() => {
  const CARDS = ${JSON.stringify(Object.fromEntries(Object.entries(CARDS).map(([n, c]) => [n, c.pm])))};
  const base = new URL(document.currentScript.src).origin;
  window.Stripe = function Stripe(publishableKey, options) {
    const account = options && options.stripeAccount;
    let input = null;
    return {
      elements({ clientSecret }) {
        return {
          clientSecret,
          create() {
            return {
              mount(target) {
                const host = typeof target === 'string' ? document.querySelector(target) : target;
                const label = document.createElement('label');
                label.textContent = 'Card number (Stripe test card)';
                input = document.createElement('input');
                input.name = 'cardnumber';
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                label.append(input);
                host.append(label);
              },
            };
          },
        };
      },
      async confirmPayment({ elements, confirmParams }) {
        const secret = elements.clientSecret;
        const intentId = secret.split('_secret_')[0];
        const pm = CARDS[(input && input.value || '').replace(/\\s+/g, '')];
        if (!pm) return { error: { type: 'validation_error', message: 'Your card number is invalid.' } };
        const response = await fetch(base + '/v1/payment_intents/' + intentId + '/confirm', {
          method: 'POST',
          headers: Object.assign(
            { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Bearer ' + publishableKey },
            account ? { 'stripe-account': account } : {},
          ),
          body: new URLSearchParams({ client_secret: secret, payment_method: pm }),
        });
        const intent = await response.json();
        if (!response.ok) return { error: intent.error };
        if (intent.status === 'requires_payment_method') return { error: intent.last_payment_error };
        const back = new URL(confirmParams.return_url);
        back.searchParams.set('payment_intent', intent.id);
        back.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : 'processing');
        window.location.assign(back.toString());
        return {};
      },
    };
  };
})();`;

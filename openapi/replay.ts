/**
 * The example replay of `npm run test:openapi` (openapi/check.ts): sends
 * every operation's example request to the running club, in the document's
 * order, and checks each answer with the same validator as the server
 * integration suite (apps/server/src/testing/openapi-conformance.ts): the
 * example's status (200, or 201 for a call that makes something), a media
 * type and a body the document describes. Before a request it gives the
 * example the credentials its operation declares, and the secrets that an
 * example cannot carry (emailed links, codes, setup tokens) fresh.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { OpenApiDocument } from '../apps/server/src/plugins/openapi-document.ts';
import { OpenApiConformance } from '../apps/server/src/testing/openapi-conformance.ts';

export type ReplayOptions = {
  document: OpenApiDocument;
  /** The club on its fresh demo database. */
  endpoint: string;
  /** The second club, whose voucher provider fails every placement (the retry example). */
  retryEndpoint: string;
  bookingQueueKey: string;
  /** The mail sink's messages (e2e/support/mail-sink.mjs), where the club sends its mail. */
  mailSinkUrl: string;
};

type Parameter = { in: string; name: string; example?: string };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

/** One example request, as the hooks below may change it before it is sent. */
type Example = {
  /** `POST /s2c/…/{id}`: the operation's path template. */
  name: string;
  template: string;
  method: string;
  origin: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  status: number;
  operation: Operation;
};

const agencyPath = '/s2c/auth/v1/agency/state-change-request';
const handoverPath = '/s2c/auth/v1/session/handover';
const staffSessionPath = '/s2c/staff/v1/session';
const staffSetupPath = '/s2c/staff/v1/setup';
const retryPath = '/s2c/staff/v1/orders/{id}/retry';
// The member actions' examples (apps/server/src/plugins/openapi-staff-examples/member-actions-examples.ts).
const memberActionsPath = '/s2c/staff/v1/members/{number}/';
// The decision maker of the office whose access request the enroll/push example makes.
const decisionMaker = 'manager.athgr2102@example.com';
// Demo member 9000001 (README.md), whose id the examples use.
const demoMember = { username: '9000001', password: 'demo2026' };
// Demo member 9000004 of Austria (1,000 welcome points): Greece is a
// partner-programme country in the replay, where members order elsewhere.
const austrianMember = { username: '9000004', password: 'demo2026' };
// The demo staff of the README (apps/server/src/modules/staff/demo-staff.ts).
type StaffAccount = { email: string; password: string; secret: string };
const demoAdmin: StaffAccount = {
  email: 'admin@example.com',
  password: 'demo-admin-passphrase',
  secret: 'UG66MIATC54NIVXO6FBYQBXJOVRV7RV6',
};
const demoManager: StaffAccount = {
  email: 'manager.at@example.com',
  password: 'demo-manager-passphrase',
  secret: '2Z2IZKH47F6UXXXYOHXKIC3XNMXXVDE6',
};
/** The demo orders the staff order examples act on: the first to read and fulfil, the second to refund. */
const orderExamples: Record<string, number> = {
  '/s2c/staff/v1/orders/{id}': 0,
  '/s2c/staff/v1/orders/{id}/fulfilment': 0,
  // Corrected after the fulfilment above, before the member opens the codes.
  '/s2c/staff/v1/orders/{id}/vouchers': 0,
  '/s2c/staff/v1/orders/{id}/refund': 1,
};
/** The bulk fulfilment's calls (preview and apply), whose file names an order. */
const bulkFulfilmentPath = '/s2c/staff/v1/bulk-fulfilments';
const methods = ['get', 'put', 'post', 'delete', 'patch'];

const json = { 'content-type': 'application/json' };

async function ok(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** The answer's `data`, after checking that the call succeeded. */
async function dataOf<T>(response: Promise<Response>, what: string): Promise<T> {
  return ((await (await ok(await response, what)).json()) as { data: T }).data;
}

export class Replay {
  private readonly conformance: OpenApiConformance;
  private memberToken = '';
  private staffToken = '';
  private readonly demoOrders: number[] = [];
  private readonly retry = { token: '', orderId: 0, error: '' };
  private setupAccounts = 0;
  /** A code works once: each login of an account takes a later time step than its last on that server. */
  private readonly lastStep = new Map<string, number>();

  constructor(private readonly options: ReplayOptions) {
    this.conformance = new OpenApiConformance(options.document);
  }

  /** Every operation's example request, in the document's order. */
  examples(): Example[] {
    const found: Example[] = [];
    for (const [template, item] of Object.entries(this.options.document.paths ?? {})) {
      for (const [method, value] of Object.entries(item)) {
        if (!methods.includes(method)) continue;
        const operation = value as Operation;
        let url = template;
        const query = new URLSearchParams();
        for (const parameter of operation.parameters ?? []) {
          if (parameter.example === undefined) continue;
          if (parameter.in === 'path')
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(parameter.example));
          if (parameter.in === 'query') query.set(parameter.name, parameter.example);
        }
        // The first media type the call takes (JSON where it takes several).
        const [type, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
        const body = media?.example;
        const status =
          operation.responses?.['200'] === undefined && operation.responses?.['201'] !== undefined
            ? 201
            : 200;
        found.push({
          name: `${method.toUpperCase()} ${template}`,
          template,
          method: method.toUpperCase(),
          origin: this.options.endpoint,
          url: query.size === 0 ? url : `${url}?${query.toString()}`,
          headers: type === undefined ? {} : { 'content-type': type },
          body:
            body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          status,
          operation,
        });
      }
    }
    return found;
  }

  /** Replays every example; answers one line per example that failed. */
  async run(log: (line: string) => void = console.log): Promise<string[]> {
    await this.prepare();
    const failures: string[] = [];
    for (const example of this.examples()) {
      const problems = await this.replay(example).catch((error: unknown) => [
        `${example.name}: ${error instanceof Error ? error.message : String(error)}`,
      ]);
      log(`${problems.length === 0 ? 'pass' : 'FAIL'}: ${example.name}`);
      failures.push(...problems);
    }
    return failures;
  }

  private async replay(example: Example): Promise<string[]> {
    await this.beforeEach(example);
    const response = await fetch(`${example.origin}${example.url}`, {
      method: example.method,
      headers: example.headers,
      body: example.body,
      redirect: 'manual',
    });
    // As bytes: `text()` would drop a CSV answer's byte-order mark.
    const body = Buffer.from(await response.arrayBuffer()).toString('utf8');
    const contentType = response.headers.get('content-type') ?? undefined;
    if (example.template.endsWith('/tax-details/decision')) await this.setDemoTaxOk(true);
    if (response.status !== example.status) {
      return [
        `${example.name}: answered ${response.status}, not ${example.status}: ${body.slice(0, 300)}`,
      ];
    }
    const problems = this.conformance.problemsOf({
      method: example.method,
      url: example.url,
      requestContentType: example.headers['content-type'],
      status: response.status,
      contentType,
      body,
    });
    // A CSV download's lines hold the member's own dates: its byte-order mark
    // and header line must be the example's, and its lines end with CRLF.
    const media = example.operation.responses?.[String(example.status)]?.content?.['text/csv'];
    if (media !== undefined) {
      const header = (text: unknown) => (typeof text === 'string' ? text : '').split('\r\n')[0];
      if (header(body) !== header(media.example) || !body.endsWith('\r\n'))
        problems.push(
          `${example.name}: the CSV answer does not start with "${header(media.example)}" or its lines do not end with CRLF`,
        );
    }
    return problems;
  }

  private freshCode(account: StaffAccount, server = this.options.endpoint): string {
    const key = `${server} ${account.email}`;
    const step = Math.max(Math.floor(Date.now() / 30_000), (this.lastStep.get(key) ?? -1) + 1);
    this.lastStep.set(key, step);
    return new TOTP({ secret: Secret.fromBase32(account.secret) }).generate({
      timestamp: step * 30_000,
    });
  }

  private async staffLogIn(account: StaffAccount, server = this.options.endpoint): Promise<string> {
    const body = JSON.stringify({
      email: account.email,
      password: account.password,
      code: this.freshCode(account, server),
    });
    const data = await dataOf<{ token: string }>(
      fetch(`${server}${staffSessionPath}`, { method: 'POST', headers: json, body }),
      'demo staff login',
    );
    return data.token;
  }

  private async logIn(member = demoMember, server = this.options.endpoint): Promise<string> {
    const data = await dataOf<{ token: string }>(
      fetch(`${server}/s2c/auth/v1/token/agent`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(member),
      }),
      'demo member login',
    );
    return data.token;
  }

  /**
   * Places an order of one travel umbrella (gift 203, 150 points) as demo
   * member 9000004, as the redeem-points form does: the demo's orders are
   * fulfilled or refunded already, and the staff order examples fulfil the
   * first and refund the second; the bulk fulfilment's examples fulfil a third.
   */
  private async placeDemoOrder(token: string, server = this.options.endpoint): Promise<number> {
    const response = await fetch(`${server}/s2c/content/v1/pages/redeem-points/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        countryCode: 'at',
        languageCode: 'eng',
        listgifts: '203:1',
        delivery: 'self',
        giftDeliveryAddress: '',
        orderKey: randomBytes(24).toString('base64url'),
      }).toString(),
    });
    const answer = (await response.json()) as { data?: { ordered?: boolean; orderId?: number } };
    if (!response.ok || answer.data?.ordered !== true || answer.data.orderId === undefined)
      throw new Error(`demo order failed: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data.orderId;
  }

  /**
   * The staff retry example acts on an order waiting after a failed provider
   * call. The manual provider accepts every order at once, so the retry
   * example goes to the second server, whose HTTP voucher provider fails
   * every placement: demo member 9000004 places an order there, and the
   * order queue's first call fails.
   */
  private async prepareRetryExample(): Promise<void> {
    const server = this.options.retryEndpoint;
    const [member, staff] = await Promise.all([
      this.logIn(austrianMember, server),
      this.staffLogIn(demoAdmin, server),
    ]);
    this.retry.token = staff;
    const orderId = await this.placeDemoOrder(member, server);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const order = await dataOf<{ state: string; attempts: number; canRetry: boolean }>(
        fetch(`${server}/s2c/staff/v1/orders/${orderId}`, {
          headers: { authorization: `Bearer ${staff}` },
        }),
        `order ${orderId} on the retry server`,
      );
      if (order.state === 'placed' && order.attempts > 0 && order.canRetry) break;
      if (Date.now() > deadline)
        throw new Error(
          `order ${orderId} did not wait after a failed call: ${JSON.stringify(order)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.retry.orderId = orderId;
  }

  private async prepare(): Promise<void> {
    [this.memberToken, this.staffToken] = await Promise.all([
      this.logIn(),
      this.staffLogIn(demoAdmin),
    ]);
    const token = await this.logIn(austrianMember);
    this.demoOrders.push(
      await this.placeDemoOrder(token),
      await this.placeDemoOrder(token),
      // The third, for the bulk fulfilment's examples.
      await this.placeDemoOrder(token),
    );
    // A failure here fails the retry example, with its cause, rather than the whole run.
    await this.prepareRetryExample().catch((error: unknown) => {
      this.retry.error = error instanceof Error ? error.message : String(error);
    });
  }

  /**
   * The `s` and `c` of the opt-in link mailed to the decision maker: links
   * are secret and new each time, so the agency examples cannot carry real ones.
   */
  private async mailedOptInLink(): Promise<{ s: string; c: string }> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const messages = (await (await fetch(this.options.mailSinkUrl)).json()) as {
        to: string;
        text: string;
      }[];
      for (const message of messages.filter((mail) => mail.to.includes(decisionMaker))) {
        for (const [href] of message.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
          const url = new URL(href);
          if (url.pathname.endsWith('/agency-opt-in'))
            return { s: url.searchParams.get('s') ?? '', c: url.searchParams.get('c') ?? '' };
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no opt-in link mailed to ${decisionMaker}`);
  }

  /**
   * A fresh setup link's token (and a code of its secret): setup links are
   * secret and single-use, so the setup examples cannot carry real ones. The
   * demo admin adds an account for each.
   */
  private async freshSetup(): Promise<{ token: string; code: string }> {
    this.setupAccounts += 1;
    const added = await dataOf<{ setupLink: string }>(
      fetch(`${this.options.endpoint}/s2c/staff/v1/staff`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${this.staffToken}` },
        body: JSON.stringify({
          email: `setup.example${this.setupAccounts}@example.com`,
          role: 'support',
          countries: 'at',
        }),
      }),
      'adding a staff account',
    );
    const token = new URL(added.setupLink).searchParams.get('token') ?? '';
    const offer = await dataOf<{ totpSecret: string }>(
      fetch(`${this.options.endpoint}${staffSetupPath}?token=${encodeURIComponent(token)}`),
      'the setup link',
    );
    const code = new TOTP({ secret: Secret.fromBase32(offer.totpSecret) }).generate();
    return { token, code };
  }

  private async setDemoTaxOk(taxOk: boolean): Promise<void> {
    await ok(
      await fetch(`${this.options.endpoint}/s2c/staff/v1/tax-information/9000001`, {
        method: 'PUT',
        headers: { ...json, authorization: `Bearer ${this.staffToken}` },
        body: JSON.stringify({
          taxOk: taxOk ? 'on' : 'off',
          reason: 'replay of the tax-details decision example',
        }),
      }),
      'setting the tax information',
    );
  }

  private memberLogin(username: string, password: string): Promise<Response> {
    return fetch(`${this.options.endpoint}/s2c/auth/v1/token/agent`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password }),
    });
  }

  /**
   * What a member action's example needs first: a failed login to unlock, a
   * session to end, the resend quiet time (1 s here) over since the
   * registration example mailed its link, tax details waiting for a decision.
   */
  private async prepareMemberAction(action: string): Promise<void> {
    if (action === 'login-unlock') await this.memberLogin('9000005', 'not-the-password');
    if (action === 'end-sessions')
      await ok(await this.memberLogin('9000004', demoMember.password), 'demo member 9000004 login');
    if (action === 'confirmation-mail') await new Promise((resolve) => setTimeout(resolve, 1100));
    // The demo member, whose tax information the demo data has verified, is
    // unverified for a moment and sends tax details (the example refuses
    // them; the replay verifies again after it).
    if (action === 'tax-details/decision') {
      await this.setDemoTaxOk(false);
      await ok(
        await fetch(`${this.options.endpoint}/s2c/auth/v1/tax-details`, {
          method: 'POST',
          headers: { ...json, authorization: `Bearer ${this.memberToken}` },
          body: JSON.stringify({ taxNumber: '123456789', taxOffice: 'Athens A' }),
        }),
        'sending tax details',
      );
    }
  }

  private withBody(example: Example, values: Record<string, unknown>): void {
    example.body = JSON.stringify({ ...(JSON.parse(example.body ?? '{}') as object), ...values });
  }

  /** Gives the example its credentials and fresh secrets. */
  private async beforeEach(example: Example): Promise<void> {
    const { template, method, headers } = example;
    if (template === retryPath) {
      if (this.retry.error !== '')
        throw new Error(`the retry example's order could not be prepared: ${this.retry.error}`);
      example.origin = this.options.retryEndpoint;
      headers.authorization = `Bearer ${this.retry.token}`;
      example.url = example.url.replace(/\/orders\/\d+/, `/orders/${this.retry.orderId}`);
      return;
    }
    const order = orderExamples[template];
    if (order !== undefined)
      example.url = example.url.replace(/\/orders\/\d+/, `/orders/${this.demoOrders[order]}`);
    // The bulk fulfilment's file names the third demo order, by the number it was given.
    if (template.startsWith(bulkFulfilmentPath) && example.body !== undefined) {
      const { file } = JSON.parse(example.body) as { file: string };
      this.withBody(example, { file: file.replace(/^\d+,/m, `${this.demoOrders[2]},`) });
    }
    const requirements = example.operation.security ?? [];
    const schemes = requirements.flatMap((requirement) => Object.keys(requirement));
    // An optional token is left out: those examples show the guest's answer.
    const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
    if (schemes.includes('bookingQueueKey'))
      headers.authorization = `ApiKey ${this.options.bookingQueueKey}`;
    if (schemes.includes('staffBearer')) headers.authorization = `Bearer ${this.staffToken}`;
    if (schemes.includes('bearer') && !optional)
      headers.authorization = `Bearer ${this.memberToken}`;

    if (template === agencyPath) {
      const link = await this.mailedOptInLink();
      if (method === 'GET') {
        const url = new URL(example.url, 'http://club');
        url.searchParams.set('s', link.s);
        url.searchParams.set('c', link.c);
        example.url = `${url.pathname}${url.search}`;
      } else this.withBody(example, link);
    }
    // A fresh handover code, minted by a session of its own: the exchange ends
    // the session that minted it (the other examples keep using theirs).
    if (template === handoverPath) {
      const { code } = await dataOf<{ code: string }>(
        fetch(`${this.options.endpoint}/s2c/auth/v1/session/handover-code`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await this.logIn()}` },
        }),
        'handover code',
      );
      this.withBody(example, { code });
    }
    if (schemes.includes('staffBearer') && template.startsWith(memberActionsPath))
      await this.prepareMemberAction(template.slice(memberActionsPath.length));
    if (template === staffSetupPath) {
      const { token, code } = await this.freshSetup();
      if (method === 'GET') example.url = `${staffSetupPath}?token=${encodeURIComponent(token)}`;
      else this.withBody(example, { token, code });
    }
    if (template === staffSessionPath && method === 'POST')
      this.withBody(example, { code: this.freshCode(demoManager) });
    // Logouts end a session of their own, not the one the other calls use.
    if (template === staffSessionPath && method === 'DELETE')
      headers.authorization = `Bearer ${await this.staffLogIn(demoManager)}`;
    if (template === '/s2c/auth/v1/agents/logout')
      headers.authorization = `Bearer ${await this.logIn()}`;
  }
}

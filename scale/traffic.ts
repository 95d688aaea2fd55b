/**
 * The mixed traffic of a phase: a fixed number of clients, each sending one
 * call after another until the time is up, every call picked at random by
 * weight from what members, guests and the reservation system do: page
 * reads, logins, registrations (each queues a confirmation mail), booking
 * imports (points) and gift orders (points, stock, the order queue, mail).
 * Every answer is kept with its time, for the figures and the checks.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  password,
  randomLines,
  type LoggedInMember,
  type OrderLines,
  type RedeemAnswer,
} from '../faults/club.ts';
import { dataOf, type LoadClient, type Reply, type Send } from './http.ts';

export const calls = [
  'layout',
  'faq page',
  'status report',
  'login',
  'registration',
  'bookings import',
  'order',
] as const;
export type CallName = (typeof calls)[number];

/** How often each call is picked, out of the sum. */
const weights: Record<CallName, number> = {
  layout: 25,
  'faq page': 15,
  'status report': 15,
  login: 10,
  registration: 5,
  // Imports take the bookings lock (one at a time across processes): the reservation system sends them in few, large calls.
  'bookings import': 4,
  order: 20,
};

export type Sample = { call: CallName; ms: number; status: number; backend: number; ok: boolean };

export type PlacedOrder = { key: string; memberId: number; orderId: number; lines: OrderLines };
/** An order form sent twice with its key (a double submit): both answers must name one order. */
export type RepeatedOrder = { key: string; memberId: number; first: number; again: number | null };

export type TrafficResult = {
  samples: Sample[];
  /** Seconds the measured load ran. */
  seconds: number;
  placed: PlacedOrder[];
  repeated: RepeatedOrder[];
  refusals: Map<string, number>;
  registered: string[];
  /** Answers no call should give (a 5xx, a 4xx other than a refusal, no answer), for the check. */
  unexpected: string[];
};

export type TrafficOptions = {
  client: LoadClient;
  members: readonly LoggedInMember[];
  queueKey: string;
  clients: number;
  warmUpSeconds: number;
  seconds: number;
  /** Tells the registrations' addresses of this phase apart from another's. */
  tag: string;
  /** Runs once the measured load is half way (the login limit burst). */
  halfWay?: () => Promise<void>;
};

const query = 'countryCode=gr&languageCode=eng';

/** Each client of the load has an address of its own on the loopback network. */
export const clientAddress = (index: number) =>
  `127.0.${10 + Math.floor(index / 250)}.${1 + (index % 250)}`;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function pickCall(): CallName {
  const total = calls.reduce((sum, call) => sum + weights[call], 0);
  let roll = Math.random() * total;
  for (const call of calls) {
    roll -= weights[call];
    if (roll < 0) return call;
  }
  return 'layout';
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function runTraffic(options: TrafficOptions): Promise<TrafficResult> {
  const { client, members } = options;
  const result: TrafficResult = {
    samples: [],
    seconds: options.seconds,
    placed: [],
    repeated: [],
    refusals: new Map(),
    registered: [],
    unexpected: [],
  };
  let sequence = 0;
  const next = () => (sequence += 1);
  const unexpected = (call: CallName, reply: Reply) =>
    result.unexpected.push(
      `${call}: ${reply.status === 0 ? reply.error : reply.status} ${reply.status === 0 ? '' : JSON.stringify(reply.body).slice(0, 120)}`,
    );

  /** Sends one call; answers whether it was answered as the club promises. */
  const perform = async (call: CallName, from: string): Promise<[Reply, boolean]> => {
    const send = (path: string, sent: Send = {}) => client.send(path, { ...sent, from });
    switch (call) {
      case 'layout': {
        const reply = await send(`/s2c/content/v1/layout/?${query}`);
        return [reply, reply.status === 200];
      }
      case 'faq page': {
        const reply = await send(`/s2c/content/v1/pages/faq/?${query}`);
        return [reply, reply.status === 200];
      }
      case 'status report': {
        const member = pick(members);
        const reply = await send(`/s2c/auth/v1/agent-points?number=${member.number}`, {
          token: member.token,
        });
        return [reply, reply.status === 200];
      }
      case 'login': {
        const reply = await send('/s2c/auth/v1/token/agent', {
          form: { username: pick(members).number, password },
        });
        return [
          reply,
          reply.status === 200 && dataOf<{ token?: string }>(reply)?.token !== undefined,
        ];
      }
      case 'registration': {
        const email = `scale-${options.tag}-${next()}@agent.example`;
        const reply = await send('/s2c/auth/v1/agents', {
          form: {
            countryCode: 'gr',
            languageCode: 'eng',
            agreeWithConditions: 'true',
            firstName: 'Eleni',
            lastName: 'Scale',
            title: 'ms',
            password,
            passwordRepeat: password,
            officeId: 'ATHGR2101',
            email,
          },
        });
        const ok =
          reply.status === 200 && dataOf<{ user?: { email?: string } }>(reply)?.user !== undefined;
        if (ok) result.registered.push(email);
        return [reply, ok];
      }
      case 'bookings import': {
        // Five bookings of members in one queue call: a flown segment (points now) and a later one (pending).
        const records = Array.from({ length: 5 }, () => ({
          pnr: `S${next().toString(36).toUpperCase().padStart(6, '0')}`,
          officeId: 'ATHGR2101',
          createdOn: isoDay(-10),
          remarks: [`RM*AMA ${pick(members).number}`],
          segments: [
            { id: '1', kind: 'air', status: 'HK', serviceDate: isoDay(-3), used: true },
            { id: '2', kind: 'hotel', status: 'HK', serviceDate: isoDay(20), endDate: isoDay(22) },
          ],
        }));
        const reply = await send('/s2c/bookings/v1/queue', {
          headers: { authorization: `ApiKey ${options.queueKey}` },
          body: {
            type: 'application/x-ndjson',
            text: records.map((record) => JSON.stringify(record)).join('\n') + '\n',
          },
        });
        const summary = dataOf<{ accepted?: number }>(reply);
        return [reply, reply.status === 200 && summary?.accepted === records.length];
      }
      case 'order': {
        const member = pick(members);
        const lines = randomLines();
        const key = `scale-${randomBytes(12).toString('base64url')}`;
        const form = {
          countryCode: 'gr',
          languageCode: 'eng',
          listgifts: lines.map((line) => `${line.giftId}:${line.quantity}`).join(','),
          delivery: 'self',
          orderKey: key,
        };
        const reply = await send('/s2c/content/v1/pages/redeem-points/', {
          token: member.token,
          form,
        });
        const answer = dataOf<RedeemAnswer>(reply);
        if (reply.status !== 200 || answer === undefined) return [reply, false];
        if (answer.ordered && answer.orderId !== null) {
          result.placed.push({ key, memberId: member.id, orderId: answer.orderId, lines });
          if (Math.random() < 0.1) {
            // A double submit, possibly to another process: the same order, never a second one.
            const again = await send('/s2c/content/v1/pages/redeem-points/', {
              token: member.token,
              form,
            });
            result.repeated.push({
              key,
              memberId: member.id,
              first: answer.orderId,
              again: dataOf<RedeemAnswer>(again)?.orderId ?? null,
            });
          }
        } else {
          const why = answer.noneDet ? 'not enough points' : answer.errorText || 'refused';
          result.refusals.set(why, (result.refusals.get(why) ?? 0) + 1);
        }
        return [reply, true];
      }
    }
  };

  const lane = async (from: string, until: number, record: boolean) => {
    while (performance.now() < until) {
      const call = pickCall();
      const [reply, ok] = await perform(call, from);
      if (!ok) unexpected(call, reply);
      if (record) {
        result.samples.push({
          call,
          ms: reply.ms,
          status: reply.status,
          backend: reply.backend,
          ok,
        });
      }
    }
  };
  const lanes = (seconds: number, record: boolean) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(
      Array.from({ length: options.clients }, (_, index) =>
        lane(clientAddress(index), until, record),
      ),
    );
  };

  await lanes(options.warmUpSeconds, false);
  const started = performance.now();
  const halfWay = (async () => {
    await sleep(options.seconds * 500);
    await options.halfWay?.();
  })();
  await Promise.all([lanes(options.seconds, true), halfWay]);
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

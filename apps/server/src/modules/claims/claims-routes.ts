import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { dataEnvelope, ErrorBodySchema, ErrorCode } from '@club/contract/envelope';
import { MemberClaimListSchema, MemberClaimSchema, NewClaimSchema } from '@club/contract/claims';
import { AgentPointsQuerySchema } from '@club/contract/points';
import { HttpError } from '../../lib/http-error.js';
import type { SessionMember } from '../agents/members.js';
import { fileClaim, memberClaims } from './member-claims.js';

const errors = {
  400: ErrorBodySchema.describe(
    'Invalid input, or the claim is refused: a message per field (the PNR earned already, is pending, has an open claim; too many claims open)',
  ),
  401: ErrorBodySchema.describe('No valid session'),
  403: ErrorBodySchema.describe("Another member's number"),
};

export type ClaimsRoutesOptions = { now: () => number };

/** The member's own missing-points claims: filing one, and the list on the points page. */
export const claimsRoutes: FastifyPluginCallbackZod<ClaimsRoutesOptions> = (app, { now }, done) => {
  const { db, config } = app;

  /** The signed-in member, when the number is their own; anyone else's is 403. */
  const ownMember = (member: SessionMember | null, number: string): SessionMember => {
    if (member === null) throw new HttpError(401, ErrorCode.unauthorized, null);
    if (number !== member.number) throw new HttpError(403, ErrorCode.forbidden, null);
    return member;
  };

  app.post(
    '/s2c/auth/v1/agent-points/claims',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['points'],
        summary: 'File a missing-points claim for a PNR that earned nothing',
        description: `\`number\` is the signed-in member's. One open claim per member and PNR; a PNR that earned the member points already, or is theirs and pending, is refused; at most CLAIMS_OPEN_LIMIT (${config.staff.claimsOpenLimit}) claims open per member. Staff decide it in the console; the member is mailed the decision.`,
        security: [{ bearer: [] }],
        body: NewClaimSchema,
        response: { 201: dataEnvelope(MemberClaimSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { number, ...claim } = request.body;
      const member = ownMember(request.agent, number);
      const filed = await fileClaim(db, member, claim, {
        now: new Date(now()),
        openLimit: config.staff.claimsOpenLimit,
      });
      return reply.code(201).send({ data: filed });
    },
  );

  app.get(
    '/s2c/auth/v1/agent-points/claims',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['points'],
        summary: "The signed-in member's missing-points claims, newest first",
        description:
          'Each with its state (`open`, `approved`, `rejected`, `matched` when the booking arrived and earned), the decision’s reason and the points credited.',
        security: [{ bearer: [] }],
        querystring: AgentPointsQuerySchema,
        response: { 200: dataEnvelope(MemberClaimListSchema), ...errors },
      },
    },
    async (request) => {
      const member = ownMember(request.agent, request.query.number);
      return { data: { items: await memberClaims(db, member.id) } };
    },
  );

  done();
};

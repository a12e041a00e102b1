import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Ctx, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { selects } from '../../graphql/selection';
import { requireUser, type RequestContext } from '../../shared/context';
import { pageInfo } from '../../shared/paging';
import { toContract, toRequest } from './requests.mappers';
import { parseArgs, withoutNulls } from '../../shared/validation';
import {
  contractsCommand,
  createRequestCommand,
  listRequestsCommand,
  overviewCommand,
  requestRef,
  updateRequestCommand,
} from './requests.schemas';
import {
  ContractListType,
  CreateRequestInput,
  RequestKindEnum,
  RequestListType,
  RequestOverviewType,
  RequestType,
  SurveyResultGroupType,
  UpdateRequestInput,
} from './requests.types';
import type { SurveysService } from '../surveys/surveys.service';
import type { User } from '../users/user.entity';
import type { DashboardService } from './dashboard.service';
import type { RequestsService } from './requests.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  { dashboard: DashboardService; requests: RequestsService; surveys: SurveysService },
  User
>;

/** GraphQL input -> the service's normalised fields (nulls mean "not given"). */
function fields(input: UpdateRequestInput | CreateRequestInput): Record<string, unknown> {
  const { options, questions, ...rest } = input;
  return {
    ...withoutNulls(rest),
    ...(options ? { options: withoutNulls(options) } : {}),
    ...(questions ? { questions: questions.map((q) => withoutNulls(q)) } : {}),
  };
}

@Resolver()
export class RequestsResolver {
  @Query(() => RequestListType, { description: 'Your requests, newest first (dashboard: limit 5; lists: 10)' })
  async requests(
    @Arg('type', () => RequestKindEnum, { nullable: true, description: 'collection or survey (both when left out)' })
    type: string | null,
    @Arg('page', () => Int, { defaultValue: 1, description: 'the page, from 1' }) page: number,
    @Arg('limit', () => Int, { defaultValue: 10, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
    @Info() info: GraphQLResolveInfo,
  ) {
    // questions for the whole page in two statements, and only when the query asks for them
    const withQuestions = selects(info, ['list', 'questions']);
    const p = await ctx.services.requests.list(
      ctx.em,
      requireUser(ctx),
      parseArgs(listRequestsCommand, { page, limit, type }),
      withQuestions,
    );
    return { list: p.list.map(toRequest), info: pageInfo(p) };
  }

  @Query(() => RequestType, { description: 'One of your requests, with its questions' })
  async request(@Arg('id', () => ID, { description: 'the request' }) id: string, @Ctx() ctx: Ctx) {
    return toRequest(await ctx.services.requests.get(ctx.em, requireUser(ctx), parseArgs(requestRef, { id })));
  }

  @Query(() => RequestOverviewType, { description: 'The dashboard overview cards' })
  async requestOverview(
    @Arg('tzOffset', () => Int, {
      nullable: true,
      description: 'the browser\'s Date#getTimezoneOffset(), so "today" is the caller\'s day; default UTC',
    })
    tzOffset: number | null,
    @Ctx() ctx: Ctx,
  ) {
    return ctx.services.dashboard.overview(ctx.em, requireUser(ctx), parseArgs(overviewCommand, { tzOffset }));
  }

  @Query(() => ContractListType, { description: 'Escrows of your published requests (Recent Contracts)' })
  async contracts(
    @Arg('page', () => Int, { defaultValue: 1, description: 'the page, from 1' }) page: number,
    @Arg('limit', () => Int, { defaultValue: 5, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const p = await ctx.services.dashboard.contracts(
      ctx.em,
      requireUser(ctx),
      parseArgs(contractsCommand, { page, limit }),
    );
    return { list: p.list.map(toContract), info: pageInfo(p) };
  }

  @Query(() => [SurveyResultGroupType], { description: 'Per-question option counts of one of your surveys' })
  async surveyStatistics(
    @Arg('requestId', () => ID, { description: 'the request' }) requestId: string,
    @Ctx() ctx: Ctx,
  ) {
    const request = await ctx.services.requests.get(
      ctx.em,
      requireUser(ctx),
      parseArgs(requestRef, { id: requestId, type: 'survey' }),
    );
    return ctx.services.surveys.statistics(ctx.em, request.request);
  }

  @Mutation(() => RequestType, {
    description:
      'Saves a draft (status 0, no money) or publishes (status 1): payWith WALLET (default) with escrowAddress and signerAddress of the escrow the factory created and funded for this id, or payWith CREDIT (the treasury creates and funds it from your prepaid credit; the request is published once the escrow exists on-chain)',
  })
  async createRequest(
    @Arg('input', () => CreateRequestInput, { description: 'the fields: see the input type' })
    input: CreateRequestInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRequest(
      await ctx.services.requests.create(ctx.em, requireUser(ctx), parseArgs(createRequestCommand, fields(input))),
    );
  }

  @Mutation(() => RequestType, { description: 'Edits any subset of the fields of one of your requests' })
  async updateRequest(
    @Arg('id', () => ID, { description: 'the request' }) id: string,
    @Arg('input', () => UpdateRequestInput, { description: 'the fields: see the input type' })
    input: UpdateRequestInput,
    @Ctx() ctx: Ctx,
  ) {
    return toRequest(
      await ctx.services.requests.update(
        ctx.em,
        requireUser(ctx),
        parseArgs(updateRequestCommand, { ...fields(input), id }),
      ),
    );
  }

  @Mutation(() => RequestType, {
    description:
      'Closes the escrow of one of your published requests paid with credit: it stops taking responses, and the IPT left in the escrow returns to your credit',
  })
  async closeRequestEscrow(@Arg('id', () => ID, { description: 'the request' }) id: string, @Ctx() ctx: Ctx) {
    return toRequest(await ctx.services.requests.closeEscrow(ctx.em, requireUser(ctx), parseArgs(requestRef, { id })));
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your requests with its responses' })
  async deleteRequest(@Arg('id', () => ID, { description: 'the request' }) id: string, @Ctx() ctx: Ctx) {
    await ctx.services.requests.remove(ctx.em, requireUser(ctx), parseArgs(requestRef, { id }));
    return true;
  }
}

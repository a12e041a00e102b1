import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs, withoutNulls } from '../../shared/validation';
import { roomRef } from '../rooms/rooms.schemas';
import { toDataset } from './datasets.mappers';
import { datasetRef, deleteDatasetsCommand, uploadChunkCommand } from './datasets.schemas';
import { DatasetType, UploadChunkInput, UploadResultType } from './datasets.types';
import type { User } from '../users/user.entity';
import type { DatasetsService } from './datasets.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ datasets: DatasetsService }, User>;

/** GraphQL for a room's encrypted data sets: thin calls into the datasets service. */
@Resolver(() => DatasetType)
export class DatasetsResolver {
  @Query(() => [DatasetType], { description: "The room's complete data sets" })
  async datasets(@Arg('roomId', () => ID, { description: 'the room' }) roomId: string, @Ctx() ctx: Ctx) {
    const user = requireUser(ctx);
    const input = parseArgs(roomRef, { roomId });
    return (await ctx.services.datasets.list(ctx.em, user, input.roomId)).map((d) => toDataset(d, user.id));
  }

  @Query(() => DatasetType, { description: 'One data set of a room you are a member of (NOT_FOUND otherwise)' })
  async dataset(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('id', () => ID, { description: 'the data set' }) id: string,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const input = parseArgs(datasetRef, { roomId, datasetId: id });
    return toDataset(await ctx.services.datasets.columns(ctx.em, user, input), user.id);
  }

  @Mutation(() => UploadResultType, {
    description:
      'One chunk of an encrypted data set (idempotent per chunkIndex); the set appears once all chunks are in. GraphQL bodies are limited to 256 kB: send big files through REST uploadEncrypted',
  })
  async uploadDatasetChunk(
    @Arg('input', () => UploadChunkInput, { description: 'the fields: see the input type' }) input: UploadChunkInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const command = parseArgs(uploadChunkCommand, {
      ...input,
      columns: input.columns.map((c) => withoutNulls(c)),
    });
    const r = await ctx.services.datasets.upload(ctx.em, user, command);
    return {
      dataset: toDataset(r.dataset, user.id),
      chunksReceived: r.chunksReceived,
      chunkCount: r.dataset.chunkCount,
      duplicate: r.duplicate,
    };
  }

  @Mutation(() => [ID], { description: 'Delete data sets (the uploader or the room owner)' })
  async deleteDatasets(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('ids', () => [ID], { description: 'the data sets to delete' }) ids: string[],
    @Ctx() ctx: Ctx,
  ) {
    const input = parseArgs(deleteDatasetsCommand, { roomId, datasetIds: ids });
    return ctx.services.datasets.delete(ctx.em, requireUser(ctx), input);
  }
}

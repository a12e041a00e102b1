import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { toNotification } from './notifications.mappers';
import { createNotificationCommand, notificationRef } from './notifications.schemas';
import { CreateNotificationInput, NotificationType } from './notifications.types';
import type { User } from '../users/user.entity';
import type { NotificationsService } from './notifications.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ notifications: NotificationsService }, User>;

@Resolver()
export class NotificationsResolver {
  @Query(() => [NotificationType], { description: "The caller's notifications, newest first" })
  async notifications(@Ctx() ctx: Ctx) {
    return (await ctx.services.notifications.list(ctx.em, requireUser(ctx))).map(toNotification);
  }

  @Mutation(() => NotificationType, { description: 'Sends a notification to another user' })
  async createNotification(
    @Arg('input', () => CreateNotificationInput, { description: 'the fields: see the input type' })
    input: CreateNotificationInput,
    @Ctx() ctx: Ctx,
  ) {
    return toNotification(
      await ctx.services.notifications.create(ctx.em, requireUser(ctx), parseArgs(createNotificationCommand, input)),
    );
  }

  @Mutation(() => Boolean, { description: 'Deletes one of your notifications' })
  async deleteNotification(@Arg('id', () => ID, { description: 'the notification' }) id: string, @Ctx() ctx: Ctx) {
    await ctx.services.notifications.delete(ctx.em, requireUser(ctx), parseArgs(notificationRef, { id }));
    return true;
  }
}

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Which request and device an uploaded image came from, so the images go with their answer when
 * retention or a deletion request removes it (the link inside the encrypted answer is unreadable
 * to the server). No foreign keys: an image is uploaded before its answer exists.
 */
@Entity({ tableName: 'response_images' })
@Index({ properties: ['requestId', 'deviceId'] })
export class ResponseImage {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'string', length: 43 })
  id!: string;

  @Property({ type: 'uuid' })
  requestId!: string;

  @Property({ type: 'string', length: 100 })
  deviceId!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

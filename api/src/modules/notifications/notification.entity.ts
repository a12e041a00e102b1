import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

@Entity({ tableName: 'notifications' })
@Index({ properties: ['recipient', 'createdAt'] })
export class Notification {
  [OptionalProps]?: 'createdAt' | 'sender';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  recipient!: User;

  @ManyToOne(() => User, { deleteRule: 'set null', nullable: true, index: true })
  sender?: User | null = null;

  @Property({ type: 'string', length: 500 })
  text!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

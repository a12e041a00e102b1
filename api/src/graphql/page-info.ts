import { Field, Int, ObjectType } from 'type-graphql';

// Every paged list of the schema says where its page stands with this one type.
@ObjectType('PageInfo', { description: 'Where a page stands in a list' })
export class PageInfoType {
  @Field(() => Int, { description: 'items in all pages' })
  count!: number;

  @Field(() => Int, { description: 'pages in all' })
  pages!: number;

  @Field(() => Int, { description: 'this page, from 1' })
  page!: number;
}

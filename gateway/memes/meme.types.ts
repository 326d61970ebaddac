import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageInfo } from "../graphql/common.types.js";
import { PageNumber, PageSize } from "../shared/paging.js";
import { MEME_PAGE_SIZE } from "./meme.service.js";

export enum MemeAvailability {
  AVAILABLE = "AVAILABLE",
  NO_PRODUCT = "NO_PRODUCT",
  PRODUCT_NOT_YET_ON_SALE = "PRODUCT_NOT_YET_ON_SALE",
  PRODUCT_NO_LONGER_SOLD = "PRODUCT_NO_LONGER_SOLD",
}

registerEnumType(MemeAvailability, {
  name: "MemeAvailability",
  description: 'Whether a meme can be bought as a product; the gallery shows "Not Available" for every value but AVAILABLE.',
  valuesConfig: {
    AVAILABLE: { description: "Its product is on sale." },
    NO_PRODUCT: { description: "No product is linked to it (none yet, or the one linked was deleted)." },
    PRODUCT_NOT_YET_ON_SALE: { description: "Its product is being prepared (a draft)." },
    PRODUCT_NO_LONGER_SOLD: { description: "Its product was withdrawn (archived)." },
  },
});

/** A page of the gallery, as GraphQL's memes() and REST's /api/memes ask for it. */
@ArgsType()
export class MemePageArgs {
  @Field(() => Int, { defaultValue: 1, description: "1-based page number." })
  @PageNumber()
  page?: number;

  @Field(() => Int, { defaultValue: MEME_PAGE_SIZE, description: "Memes per page (1–100)." })
  @PageSize()
  pageSize?: number;
}

@ObjectType({ description: "A satirical meme from the gallery, which can be printed on a product." })
export class Meme {
  @Field(() => ID, { description: "Id of the meme; /customize?meme={id} opens it in the studio." })
  id!: string;

  @Field(() => String, { description: "The meme's title." })
  title!: string;

  @Field(() => String, { description: "A sentence or two about the meme." })
  description!: string;

  @Field(() => String, { description: "Address of the meme image, relative to the shop's origin." })
  imageUrl!: string;

  @Field(() => [String], { description: "Topics of the meme." })
  tags!: string[];

  @Field(() => String, {
    nullable: true,
    description: 'Current handle of the product the meme is sold on; null when it is not available as a product or that product is not on sale ("Not Available").',
  })
  productHandle!: string | null;

  @Field(() => MemeAvailability, { description: "Whether it can be bought as a product, and if not, why." })
  availability!: `${MemeAvailability}`;

  @Field(() => Boolean, { description: "Whether this is the Meme of the Week (exactly one meme is)." })
  featured!: boolean;

  @Field(() => GraphQLISODateTime, { description: "When the meme was added." })
  createdAt!: Date;
}

@ObjectType({ description: "One page of the meme gallery." })
export class MemePage {
  @Field(() => [Meme], { description: "The memes on this page, newest first." })
  memes!: Meme[];

  @Field(() => PageInfo, { description: "Page numbers and totals for pagination." })
  pageInfo!: PageInfo;
}

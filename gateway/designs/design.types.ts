import { Field, ID, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "The size and format of one of a design's images." })
export class DesignImageInfo {
  @Field(() => String, { description: '"image/png" or "image/jpeg".' })
  contentType!: string;

  @Field(() => Int, { description: "Width in pixels." })
  width!: number;

  @Field(() => Int, { description: "Height in pixels." })
  height!: number;
}

@ObjectType({ description: "A custom design from the Customize studio, with the print file the fulfilment partner prints." })
export class Design {
  @Field(() => ID, { description: "The design's unguessable id (what a cart line's designId attribute holds)." })
  id!: string;

  @Field(() => String, { description: "The 600×600 preview of the design on the product." })
  previewUrl!: string;

  @Field(() => String, { description: "The print file (the design alone, at print resolution)." })
  printFileUrl!: string;

  @Field(() => DesignImageInfo, { description: "The preview's format and size." })
  preview!: DesignImageInfo;

  @Field(() => DesignImageInfo, { description: "The print file's format and size." })
  print!: DesignImageInfo;

  @Field(() => String, { description: "The studio's design state, as JSON (memeId, text, colours, ...)." })
  state!: string;
}

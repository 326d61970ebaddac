import { Field, ObjectType } from "type-graphql";
import { declareCheck } from "../shared/validation.js";

// How the shop's side pages its lists (the orders, the audit log): by cursor, up to ADMIN_PAGE_MAX
// at a time. Here, below the features whose lists use it, so none of them imports another for it.

@ObjectType({ description: "Whether more items follow a page, and where to continue." })
export class AdminOrderPageInfo {
  @Field(() => Boolean, { description: "Whether items follow this page." })
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: "Cursor of the page's last item; null when the page is empty." })
  endCursor!: string | null;
}

export const ADMIN_PAGE_MAX = 100;

/** `first` of an admin list: 1 to ADMIN_PAGE_MAX. */
export const PageSize = () =>
  declareCheck("adminPageSize", { type: "integer", minimum: 1, maximum: ADMIN_PAGE_MAX }, (value, field) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= ADMIN_PAGE_MAX ? null : `${field} must be between 1 and ${ADMIN_PAGE_MAX}`,
  );

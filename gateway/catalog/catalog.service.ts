import { invalidInput } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import { checkLimit, checkPageRequest, decodeOffsetCursor, toPage, type Page } from "../shared/paging.js";
import type { CatalogRepository } from "./catalog.repository.js";
import { PRODUCT_SORTS, type CollectionRecord, type ProductQuery, type ProductRecord, type ProductSort } from "./catalog.records.js";

/** One page size for the shop, in REST and GraphQL alike (the client relies on the default). */
export const PRODUCT_PAGE_SIZE = 12;
export const FEATURED_PRODUCTS_COUNT = 8;
export const RELATED_PRODUCTS_COUNT = 4;
export const MAX_SEARCH_LENGTH = 200;

export interface ProductListInput {
  sort?: string | null;
  page?: number | null;
  pageSize?: number | null;
  search?: string | null;
  customizable?: boolean | null;
}

export interface ProductConnectionInput {
  first?: number | null;
  after?: string | null;
  sort?: string | null;
  search?: string | null;
  customizable?: boolean | null;
}

export interface ProductSlice {
  products: ProductRecord[];
  offset: number;
  totalCount: number;
  pageSize: number;
}

export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  private productQuery(input: { sort?: string | null; search?: string | null; customizable?: boolean | null }): ProductQuery {
    const sort = (input.sort ?? "best-selling") as ProductSort;
    if (!PRODUCT_SORTS.includes(sort)) {
      throw invalidInput("sort", `sort must be one of ${PRODUCT_SORTS.join(", ")}`);
    }
    const search = input.search?.trim() ?? "";
    if (search.length > MAX_SEARCH_LENGTH) {
      throw invalidInput("search", `search must be at most ${MAX_SEARCH_LENGTH} characters`);
    }
    return { sort, search: search || null, customizable: input.customizable ?? null };
  }

  /** The shop list: a page of products in the chosen order, with the totals pagination needs. */
  async listProducts(input: ProductListInput): Promise<Page<ProductRecord>> {
    const query = this.productQuery(input);
    const request = checkPageRequest(input.page ?? 1, input.pageSize ?? PRODUCT_PAGE_SIZE);
    const offset = (request.page - 1) * request.pageSize;
    const { products, totalCount } = await this.repository.findProductsPageWithTotal(query, request.pageSize, offset);
    return toPage(products, request, totalCount);
  }

  /**
   * spec §7 `GET /api/products?customizable=true`: every product the studio can print on, not a
   * page of them (sort and search apply as in the shop list).
   */
  async customizableProducts(input: { sort?: string | null; search?: string | null } = {}): Promise<ProductRecord[]> {
    return this.repository.findAllProducts(this.productQuery({ ...input, customizable: true }));
  }

  /** The cursor form of the same list, for integrators walking the whole catalog. */
  async productSlice(input: ProductConnectionInput): Promise<ProductSlice> {
    const query = this.productQuery(input);
    const pageSize = input.first ?? PRODUCT_PAGE_SIZE;
    checkLimit(pageSize, "first");
    const offset = input.after ? decodeOffsetCursor(input.after) + 1 : 0;
    const { products, totalCount } = await this.repository.findProductsPageWithTotal(query, pageSize, offset);
    return { products, offset, totalCount, pageSize };
  }

  /** A product by id or by handle; a malformed id simply names nothing. */
  async findProduct(ref: { id?: string | null; handle?: string | null }): Promise<ProductRecord | null> {
    if (ref.id) {
      if (!isUuid(ref.id)) return null;
      return (await this.repository.findProductsByIds([ref.id]))[0] ?? null;
    }
    if (ref.handle) return this.repository.findProductByHandle(ref.handle);
    throw invalidInput("id", "give a product id or handle");
  }

  /** REST's /api/products/{handle-or-id}: ids are UUIDs, handles never are. */
  async findProductByHandleOrId(handleOrId: string): Promise<ProductRecord | null> {
    return isUuid(handleOrId) ? this.findProduct({ id: handleOrId }) : this.findProduct({ handle: handleOrId });
  }

  /** Popular products for the home page: the best sellers, in a fixed order. */
  async featuredProducts(limit = FEATURED_PRODUCTS_COUNT): Promise<ProductRecord[]> {
    checkLimit(limit, "first");
    return this.repository.findBestSellers(limit);
  }

  /** "You Might Also Like": products sharing collections; [] for a handle that names nothing. */
  async relatedProducts(handle: string, limit = RELATED_PRODUCTS_COUNT): Promise<ProductRecord[]> {
    checkLimit(limit, "first");
    const product = await this.repository.findProductByHandle(handle);
    if (!product) return [];
    return this.repository.findRelatedProducts(product.id, limit);
  }

  async collections(): Promise<CollectionRecord[]> {
    return this.repository.findCollections();
  }

  async findCollection(ref: { id?: string | null; handle?: string | null }): Promise<CollectionRecord | null> {
    if (ref.id) return isUuid(ref.id) ? this.repository.findCollectionById(ref.id) : null;
    if (ref.handle) return this.repository.findCollectionByHandle(ref.handle);
    throw invalidInput("handle", "give a collection handle or id");
  }
}

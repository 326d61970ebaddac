import { isUuid } from "../shared/ids.js";
import { toPage, type Page } from "../shared/paging.js";
import type { CatalogRepository } from "./catalog.repository.js";
import type { CollectionRecord, ProductQuery, ProductRecord, ProductSort } from "./catalog.records.js";

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
  first: number;
  /** Where the slice starts in the list (the edge decodes it from a cursor). */
  offset: number;
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

/**
 * The catalog's reads for shoppers. Their input was checked at the edge (catalog.args.ts); sizes and
 * sorts here are defaults. Only ACTIVE products are ever answered (the repository's reads keep the
 * predicate, so no caller can forget it).
 */
export class CatalogService {
  constructor(private readonly repository: CatalogRepository) {}

  private productQuery(input: { sort?: string | null; search?: string | null; customizable?: boolean | null }): ProductQuery {
    const search = input.search?.trim() ?? "";
    return { sort: (input.sort ?? "best-selling") as ProductSort, search: search || null, customizable: input.customizable ?? null };
  }

  /** The shop list: a page of products in the chosen order, with the totals pagination needs. */
  async listProducts(input: ProductListInput): Promise<Page<ProductRecord>> {
    const query = this.productQuery(input);
    const request = { page: input.page ?? 1, pageSize: input.pageSize ?? PRODUCT_PAGE_SIZE };
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
    const { products, totalCount } = await this.repository.findProductsPageWithTotal(this.productQuery(input), input.first, input.offset);
    return { products, offset: input.offset, totalCount, pageSize: input.first };
  }

  /** A product by id or by handle (its own or one it gave up); a malformed id simply names nothing. */
  async findProduct(ref: { id: string } | { handle: string }): Promise<ProductRecord | null> {
    if ("handle" in ref) return this.repository.findProductByHandle(ref.handle);
    if (!isUuid(ref.id)) return null;
    return (await this.repository.findProductsByIds([ref.id]))[0] ?? null;
  }

  /** REST's /api/products/{handle-or-id}: ids are UUIDs, handles never are. */
  async findProductByHandleOrId(handleOrId: string): Promise<ProductRecord | null> {
    return isUuid(handleOrId) ? this.findProduct({ id: handleOrId }) : this.findProduct({ handle: handleOrId });
  }

  /** Popular products for the home page: the best sellers, in a fixed order. */
  async featuredProducts(limit = FEATURED_PRODUCTS_COUNT): Promise<ProductRecord[]> {
    return this.repository.findBestSellers(limit);
  }

  /** "You Might Also Like": products sharing collections; [] for a handle that names nothing. */
  async relatedProducts(handle: string, limit = RELATED_PRODUCTS_COUNT): Promise<ProductRecord[]> {
    const product = await this.repository.findProductByHandle(handle);
    if (!product) return [];
    return this.repository.findRelatedProducts(product.id, limit);
  }

  async collections(): Promise<CollectionRecord[]> {
    return this.repository.findCollections();
  }

  async findCollection(ref: { id: string } | { handle: string }): Promise<CollectionRecord | null> {
    if ("handle" in ref) return this.repository.findCollectionByHandle(ref.handle);
    return isUuid(ref.id) ? this.repository.findCollectionById(ref.id) : null;
  }
}

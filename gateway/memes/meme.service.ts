import { isUuid } from "../shared/ids.js";
import { toPage, type Page } from "../shared/paging.js";
import type { MemeRepository } from "./meme.repository.js";
import type { MemeRecord } from "./meme.records.js";

/** One page size for the meme gallery, in REST and GraphQL alike (spec §9 shows 8 skeletons). */
export const MEME_PAGE_SIZE = 8;

export class MemeService {
  constructor(private readonly repository: MemeRepository) {}

  async listMemes(input: { page?: number | null; pageSize?: number | null }): Promise<Page<MemeRecord>> {
    const request = { page: input.page ?? 1, pageSize: input.pageSize ?? MEME_PAGE_SIZE };
    const { memes, totalCount } = await this.repository.findMemesPage(request.pageSize, (request.page - 1) * request.pageSize);
    return toPage(memes, request, totalCount);
  }

  /** A meme by id; a malformed id names nothing. */
  async findMeme(id: string): Promise<MemeRecord | null> {
    return isUuid(id) ? this.repository.findMemeById(id) : null;
  }

  /** The Meme of the Week, or null when none is featured. */
  async featuredMeme(): Promise<MemeRecord | null> {
    return this.repository.findFeaturedMeme();
  }
}

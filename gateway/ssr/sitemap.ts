import type { Services } from "../services.js";

/** The shop's pages a search engine should know, besides products and collections (spec §2). */
const PUBLIC_PAGES = ["/", "/shop", "/collections", "/memes", "/customize", "/about", "/contact", "/shipping", "/returns", "/faq", "/track", "/terms", "/privacy", "/content-policy", "/disclaimer"];

const PAGE_SIZE = 100;

/** /sitemap.xml: every public page, collection and product on sale, read from the database. */
export async function buildSitemap(services: Services, publicUrl: string): Promise<string> {
  const entries: { path: string; lastmod?: Date }[] = PUBLIC_PAGES.map((path) => ({ path }));
  for (const collection of await services.catalog.collections()) {
    entries.push({ path: `/collections/${encodeURIComponent(collection.handle)}` });
  }
  for (let page = 1; ; page++) {
    const { items, totalPages } = await services.catalog.listProducts({ sort: "newest", page, pageSize: PAGE_SIZE });
    // The shop's list holds only the products on sale (the catalog answers no draft or archived one).
    for (const product of items) entries.push({ path: `/product/${encodeURIComponent(product.handle)}`, lastmod: product.updatedAt });
    if (page >= totalPages) break;
  }
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(new URL(path, publicUrl).toString())}</loc>`;
    return `  <url>${loc}${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

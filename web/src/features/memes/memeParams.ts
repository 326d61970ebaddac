// /memes: the tab and the page live in the address (shareable, reloadable, reachable with
// Back); the defaults (All Memes, page 1) are left out of it.
type MemeTab = "all" | "featured";

interface MemeParams {
  tab: MemeTab;
  page: number;
}

export function parseMemeParams(query: URLSearchParams): MemeParams {
  const page = Number(query.get("page"));
  return {
    tab: query.get("tab") === "featured" ? "featured" : "all",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function memesHref({ tab = "all", page = 1 }: Partial<MemeParams>): string {
  const query = new URLSearchParams();
  if (tab === "featured") query.set("tab", "featured");
  else if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/memes?${text}` : "/memes";
}

import { useEffect } from "react";

export const SHOP_NAME = "Satire Supply Co.";
const DEFAULT_DESCRIPTION = "Political-satire t-shirts, mugs, hats and more, printed on demand.";

function descriptionMeta(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement("meta");
    meta.name = "description";
    document.head.appendChild(meta);
  }
  return meta;
}

/** Sets the document title ("Shop | Satire Supply Co.") and the description meta for this screen. */
export function usePageMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SHOP_NAME}` : `${SHOP_NAME}: political satire merch, printed on demand`;
    descriptionMeta().content = description?.trim() || DEFAULT_DESCRIPTION;
  }, [title, description]);
}

/** Plain text of an HTML description (parsed inertly: nothing in it runs), cut to what search engines show. */
export function summarize(html: string, max = 155): string {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const text = (parsed.body.textContent ?? "").replace(/\s+/g, " ").trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

import { Box } from "@chakra-ui/react";
import { useMemo } from "react";
import { sanitizeHtml } from "../../lib/sanitizeHtml";

/**
 * The gateway's HTML description, sanitised first: no scripts, event handlers, styles, frames or
 * form controls can reach the page, whatever the catalog holds. The same function runs on the
 * gateway's render and in the browser, so the hydrated page is the page that was sent.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html);
}

export function ProductDescription({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeDescription(html), [html]);
  return (
    <Box
      lineHeight="tall"
      css={{
        "& p": { mb: "3" },
        "& ul, & ol": { pl: "5", mb: "3" },
        "& ul": { listStyleType: "disc" },
        "& ol": { listStyleType: "decimal" },
        "& li": { mb: "1" },
        "& a": { color: "brand.fg", textDecoration: "underline" },
        "& img": { maxWidth: "100%", height: "auto" },
      }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

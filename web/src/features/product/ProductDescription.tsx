import { Box } from "@chakra-ui/react";
import DOMPurify from "dompurify";
import { useMemo } from "react";

/**
 * The gateway's HTML description, sanitised first: no scripts, event handlers, styles, frames or
 * form controls can reach the page, whatever the catalog holds.
 */
export function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "option", "iframe", "object", "embed"],
    FORBID_ATTR: ["style", "srcset"],
  });
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

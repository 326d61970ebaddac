import { Box, Field, Stack, Text } from "@chakra-ui/react";
import { summarize } from "../../../lib/sanitizeHtml";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { TextField } from "../../auth/TextField";
import { Panel } from "../Panel";
import type { ProductDraft } from "./productDraft";

type Fields = Pick<ProductDraft, "seoTitle" | "seoDescription">;

// The gateway's limits (ProductInput.seoTitle, seoDescription).
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 320;

/** How search engines list the product: its own title and description, or what the shop uses without them. */
export function SeoPanel({
  draft,
  fallback,
  errors,
  onChange,
}: {
  draft: Fields;
  fallback: { title: string; descriptionHtml: string; handle: string };
  errors: Record<string, string>;
  onChange(field: keyof Fields, value: string): void;
}) {
  const title = draft.seoTitle.trim() || fallback.title.trim() || "Product title";
  const description = draft.seoDescription.trim() || summarize(fallback.descriptionHtml);
  return (
    <Panel title="Search engine listing" id="product-seo">
      <Box borderWidth="1px" borderRadius="md" p="3" bg="bg" role="group" aria-label="Search listing preview">
        <Stack gap="0.5">
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
            /product/{fallback.handle.trim() || "…"}
          </Text>
          <Text color="brand.fg" fontWeight="medium" lineClamp={2}>
            {title}
          </Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={3}>
            {description || "No description yet."}
          </Text>
        </Stack>
      </Box>
      <TextField
        label="Page title"
        name="seoTitle"
        value={draft.seoTitle}
        onValueChange={(v) => onChange("seoTitle", v)}
        error={errors.seoTitle}
        maxLength={TITLE_MAX}
        helperText={`${draft.seoTitle.length} of ${TITLE_MAX} characters. Empty: the product's title.`}
      />
      <Field.Root invalid={Boolean(errors.seoDescription)}>
        <Field.Label>Meta description</Field.Label>
        <Textarea name="seoDescription" value={draft.seoDescription} onChange={(e) => onChange("seoDescription", e.target.value)} rows={3} w="full" maxLength={DESCRIPTION_MAX} />
        {errors.seoDescription ? (
          <Field.ErrorText>{errors.seoDescription}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            {draft.seoDescription.length} of {DESCRIPTION_MAX} characters. Empty: the description's first words.
          </Field.HelperText>
        )}
      </Field.Root>
    </Panel>
  );
}

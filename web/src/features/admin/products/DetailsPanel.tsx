import { Box, Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Eye, Pencil } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/recipes/alert";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { sanitizeHtml } from "../../../lib/sanitizeHtml";
import { TextField } from "../../auth/TextField";
import { Panel } from "../Panel";
import type { ProductDraft } from "./productDraft";

type Fields = Pick<ProductDraft, "title" | "handle" | "descriptionHtml">;

interface DetailsPanelProps {
  draft: Fields;
  /** The saved product's handle and former ones; null for a new product. */
  saved: { handle: string; previousHandles: readonly string[] } | null;
  errors: Record<string, string>;
  onChange(field: keyof Fields, value: string): void;
}

/** The product's address in the shop, as a shopper would type it. */
function shopAddress(handle: string): string {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return `${origin}/product/${handle}`;
}

function HandleField({ draft, saved, error, onChange }: { draft: Fields; saved: DetailsPanelProps["saved"]; error?: string; onChange(value: string): void }) {
  const handle = draft.handle.trim();
  const moved = saved !== null && handle !== "" && handle !== saved.handle && !error;
  return (
    <Stack gap="2">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>Handle</Field.Label>
        <Input name="handle" value={draft.handle} onChange={(e) => onChange(e.target.value)} autoComplete="off" spellCheck={false} fontFamily="mono" fontSize="sm" />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          <Field.HelperText wordBreak="break-all">
            {handle ? `Its address: ${shopAddress(handle)}` : saved ? "Give it a handle: lower-case letters, digits and hyphens." : "Left empty, it is made from the title."}
          </Field.HelperText>
        )}
      </Field.Root>
      {moved && (
        <Alert.Root status="warning" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The product's address changes when you save</Alert.Title>
            <Alert.Description wordBreak="break-all">
              The old address, /product/{saved.handle}, will redirect to /product/{handle}.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {saved && saved.previousHandles.length > 0 && (
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          Older addresses that lead here: {saved.previousHandles.map((h) => `/product/${h}`).join(", ")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The description as the product page shows it: sanitised by the same function, styled alike
 * (features/product/ProductDescription.tsx; not imported, so that the product page's chunk is not
 * split in two for the admin's sake).
 */
function DescriptionPreview({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
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

/** The description as HTML, with a preview rendered as the product page renders it (sanitised the same way). */
function DescriptionField({ value, error, onChange }: { value: string; error?: string; onChange(value: string): void }) {
  const [preview, setPreview] = useState(false);
  const previewId = useId();
  return (
    <Field.Root invalid={Boolean(error)}>
      <HStack justify="space-between" width="full" gap="2" wrap="wrap">
        <Field.Label>Description (HTML)</Field.Label>
        <Button size="xs" variant="outline" aria-pressed={preview} aria-controls={preview ? previewId : undefined} onClick={() => setPreview((on) => !on)}>
          {preview ? <Pencil aria-hidden="true" /> : <Eye aria-hidden="true" />} {preview ? "Edit HTML" : "Preview"}
        </Button>
      </HStack>
      {preview ? (
        <Box id={previewId} role="region" aria-label="Description preview" width="full" borderWidth="1px" borderRadius="md" p="4" bg="bg" minH="32">
          {value.trim() ? <DescriptionPreview html={value} /> : <Text color="fg.muted">No description yet.</Text>}
        </Box>
      ) : (
        <Textarea name="descriptionHtml" value={value} onChange={(e) => onChange(e.target.value)} rows={8} fontFamily="mono" fontSize="sm" w="full" spellCheck={false} />
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>Paragraphs, lists, links and emphasis are kept; scripts and styles are removed when saved.</Field.HelperText>
      )}
    </Field.Root>
  );
}

export function DetailsPanel({ draft, saved, errors, onChange }: DetailsPanelProps) {
  return (
    <Panel title="Details" id="product-details">
      <TextField label="Title" name="title" value={draft.title} onValueChange={(v) => onChange("title", v)} error={errors.title} maxLength={255} />
      <HandleField draft={draft} saved={saved} error={errors.handle} onChange={(v) => onChange("handle", v)} />
      <DescriptionField value={draft.descriptionHtml} error={errors.descriptionHtml} onChange={(v) => onChange("descriptionHtml", v)} />
    </Panel>
  );
}

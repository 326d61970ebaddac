import { Badge, Field, HStack } from "@chakra-ui/react";
import { Checkbox } from "../../../components/ui/recipes/checkbox";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import type { ProductStatus } from "../gql/graphql";
import { TextField } from "../../auth/TextField";
import { Panel } from "../Panel";
import { parseList, type ProductDraft } from "./productDraft";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "./productStatus";

type Fields = Pick<ProductDraft, "status" | "productType" | "tags" | "fulfillmentPartner" | "customizable">;

const STATUS_HELP: Record<ProductStatus, string> = {
  ACTIVE: "On sale: in the shop, its search and the sitemap.",
  DRAFT: "Being prepared: shoppers never see it.",
  ARCHIVED: "Withdrawn: shoppers never see it; its orders keep it.",
};

/** Status, what kind of product it is, its tags, who prints it, and whether the studio offers it. */
export function OrganisationPanel({ draft, errors, onChange }: { draft: Fields; errors: Record<string, string>; onChange<K extends keyof Fields>(field: K, value: Fields[K]): void }) {
  const tags = parseList(draft.tags);
  return (
    <Panel title="Status and organisation" id="product-organisation">
      <Field.Root invalid={Boolean(errors.status)}>
        <Field.Label>Status</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field name="status" value={draft.status} onChange={(e) => onChange("status", e.target.value as ProductStatus)}>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PRODUCT_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.status ? <Field.ErrorText>{errors.status}</Field.ErrorText> : <Field.HelperText>{STATUS_HELP[draft.status]}</Field.HelperText>}
      </Field.Root>
      <TextField
        label="Product type"
        name="productType"
        value={draft.productType}
        onValueChange={(v) => onChange("productType", v)}
        error={errors.productType}
        placeholder="e.g. T-Shirt"
        maxLength={100}
      />
      <TextField
        label="Tags"
        name="tags"
        value={draft.tags}
        onValueChange={(v) => onChange("tags", v)}
        error={errors.tags}
        helperText="Comma-separated. Hot Seller, New and Sale show as badges in the shop."
        autoComplete="off"
      />
      {/* The tags as the list reads them: for the eye (the field says the same to a screen reader). */}
      {tags.length > 0 && (
        <HStack as="ul" aria-hidden="true" gap="1.5" wrap="wrap" listStyleType="none" mt="-1">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="surface" size="sm">
                {tag}
              </Badge>
            </li>
          ))}
        </HStack>
      )}
      <TextField
        label="Fulfilment partner"
        name="fulfillmentPartner"
        value={draft.fulfillmentPartner}
        onValueChange={(v) => onChange("fulfillmentPartner", v)}
        error={errors.fulfillmentPartner}
        helperText="Shown on the product page as “Fulfilled by …”."
        maxLength={100}
      />
      <Checkbox.Root checked={draft.customizable} onCheckedChange={(e) => onChange("customizable", e.checked === true)}>
        <Checkbox.HiddenInput name="customizable" />
        <Checkbox.Control />
        <Checkbox.Label>Offered in the design studio (customizable)</Checkbox.Label>
      </Checkbox.Root>
    </Panel>
  );
}

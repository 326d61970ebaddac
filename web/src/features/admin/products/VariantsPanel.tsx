import { Badge, Box, chakra, Field, Grid, HStack, Image, Input, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/recipes/alert";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { Table } from "../../../components/ui/recipes/table";
import { Panel } from "../Panel";
import { activeOptions, variantTitle, type OptionDraft, type VariantDraft } from "./productDraft";

export type VariantField = "price" | "compareAtPrice" | "sku" | "availableForSale" | "imageId" | "partnerVariantId";

interface ImageChoice {
  id: string;
  url: string;
  altText: string;
  position: number;
}

interface VariantsPanelProps {
  options: readonly OptionDraft[];
  variants: readonly VariantDraft[];
  /** Saved variants the options no longer make: removed on Save. */
  retired: readonly VariantDraft[];
  archivedVariantCount: number;
  images: readonly ImageChoice[];
  errors: Record<string, string>;
  onChange<F extends VariantField>(key: string, field: F, value: VariantDraft[F]): void;
}

const imageName = (image: ImageChoice) => `Image ${image.position}${image.altText ? `: ${image.altText}` : ""}`;

/** The cell's input, its error under it (and named by aria-describedby). */
function CellError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <Text id={id} fontSize="xs" color="fg.error" mt="1">
      {message}
    </Text>
  );
}

function ImageSelect({ value, images, label, invalid, describedBy, onChange }: { value: string; images: readonly ImageChoice[]; label?: string; invalid: boolean; describedBy?: string; onChange(id: string): void }) {
  const chosen = images.find((image) => image.id === value);
  return (
    <HStack gap="2">
      <NativeSelect.Root size="sm" minW="32">
        <NativeSelect.Field aria-label={label} aria-invalid={invalid || undefined} aria-describedby={describedBy} value={chosen ? chosen.id : ""} onChange={(e) => onChange(e.target.value)}>
          <option value="">No image</option>
          {images.map((image) => (
            <option key={image.id} value={image.id}>
              {imageName(image)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {chosen && <Image src={chosen.url} alt="" boxSize="8" objectFit="cover" borderRadius="sm" flexShrink={0} />}
    </HStack>
  );
}

/** A product without options: its one variant's fields, each with its own label. */
function OneVariant({ variant, images, errors, onChange }: { variant: VariantDraft; images: readonly ImageChoice[]; errors: Record<string, string>; onChange: VariantsPanelProps["onChange"] }) {
  const error = (field: VariantField) => errors[`variant:${variant.key}.${field}`];
  const text = (field: "price" | "compareAtPrice" | "sku" | "partnerVariantId", label: string, extra: { inputMode?: "decimal" | "numeric"; placeholder?: string; help?: string } = {}) => (
    <Field.Root invalid={Boolean(error(field))}>
      <Field.Label>{label}</Field.Label>
      <Input name={`variants.0.${field}`} value={variant[field]} inputMode={extra.inputMode} placeholder={extra.placeholder} autoComplete="off" onChange={(e) => onChange(variant.key, field, e.target.value)} />
      {error(field) ? <Field.ErrorText>{error(field)}</Field.ErrorText> : extra.help ? <Field.HelperText>{extra.help}</Field.HelperText> : null}
    </Field.Root>
  );
  return (
    <Grid templateColumns={{ base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }} gap="4">
      {text("price", "Price (USD)", { inputMode: "decimal", placeholder: "e.g. 24.99" })}
      {text("compareAtPrice", "Compare-at price (USD)", { inputMode: "decimal", help: "The former price, shown struck through. Empty for none." })}
      {text("sku", "SKU")}
      {text("partnerVariantId", "Printful variant id", { inputMode: "numeric", help: "Needed before the product is active when the shop prints with Printful." })}
      <Field.Root invalid={Boolean(error("imageId"))}>
        <Field.Label>Image</Field.Label>
        <ImageSelect value={variant.imageId} images={images} invalid={Boolean(error("imageId"))} onChange={(id) => onChange(variant.key, "imageId", id)} />
        {error("imageId") && <Field.ErrorText>{error("imageId")}</Field.ErrorText>}
      </Field.Root>
      <HStack as="label" gap="2" alignSelf="center" cursor="pointer">
        <chakra.input type="checkbox" boxSize="4" accentColor="brand.solid" checked={variant.availableForSale} onChange={(e) => onChange(variant.key, "availableForSale", e.target.checked)} />
        <Text as="span">Available for sale</Text>
      </HStack>
    </Grid>
  );
}

// As the orders' table: on a phone each variant is a card, each field with its column's name beside it.
const stackedRow = {
  display: { base: "grid", md: "table-row" },
  gridTemplateColumns: "minmax(7rem, auto) minmax(0, 1fr)",
  alignItems: "center",
  borderWidth: { base: "1px", md: "0" },
  borderRadius: { base: "lg", md: "0" },
  mb: { base: "3", md: "0" },
  p: { base: "2", md: "0" },
} as const;

const stackedCell = {
  display: { base: "contents", md: "table-cell" },
  verticalAlign: "top",
  css: {
    "@media (max-width: 47.99em)": {
      "& > *": { padding: "0.25rem 0.5rem" },
      "&::before": { content: "attr(data-label)", color: "var(--chakra-colors-fg-muted)", fontSize: "0.875rem", padding: "0.25rem 0.5rem" },
    },
  },
} as const;

function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Cell data-label={label} {...stackedCell}>
      <div>{children}</div>
    </Table.Cell>
  );
}

const COLUMNS: { field: Exclude<VariantField, "availableForSale" | "imageId">; label: string; width: string; inputMode?: "decimal" | "numeric" }[] = [
  { field: "price", label: "Price", width: "7rem", inputMode: "decimal" },
  { field: "compareAtPrice", label: "Compare-at price", width: "7rem", inputMode: "decimal" },
  { field: "sku", label: "SKU", width: "9rem" },
  { field: "partnerVariantId", label: "Printful variant id", width: "8rem", inputMode: "numeric" },
];

function VariantsTable({ variants, options, images, errors, onChange }: Omit<VariantsPanelProps, "retired" | "archivedVariantCount" | "options"> & { options: { key: string }[] }) {
  return (
    <Box overflowX={{ md: "auto" }}>
      <Table.Root size="sm" display={{ base: "block", md: "table" }} aria-label="Variants">
        <Table.Header display={{ base: "none", md: "table-header-group" }}>
          <Table.Row>
            <Table.ColumnHeader>Variant</Table.ColumnHeader>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column.field}>{column.label}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>Image</Table.ColumnHeader>
            <Table.ColumnHeader>Available</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body display={{ base: "block", md: "table-row-group" }}>
          {variants.map((variant, i) => {
            const title = variantTitle(variant.values, options);
            const rowError = errors[`variant:${variant.key}`];
            const errorId = (field: string) => `variant-${i}-${field}-error`;
            return (
              <Table.Row key={variant.key} {...stackedRow}>
                <Table.Cell gridColumn="1 / -1" display={{ base: "block", md: "table-cell" }} verticalAlign="top" p={{ base: "2", md: undefined }} minW={{ md: "10rem" }}>
                  <HStack gap="2" wrap="wrap">
                    <Text as="span" fontWeight="semibold" id={`variant-${i}-title`}>
                      {title}
                    </Text>
                    {!variant.id && (
                      <Badge size="sm" colorPalette="blue" variant="subtle">
                        New
                      </Badge>
                    )}
                    {variant.sold && (
                      <Badge size="sm" variant="outline">
                        On orders
                      </Badge>
                    )}
                  </HStack>
                  {rowError && (
                    <Text fontSize="xs" color="fg.error" mt="1">
                      {rowError}
                    </Text>
                  )}
                </Table.Cell>
                {COLUMNS.map((column) => {
                  const error = errors[`variant:${variant.key}.${column.field}`];
                  return (
                    <Cell key={column.field} label={column.label}>
                      <Input
                        size="sm"
                        minW={{ md: column.width }}
                        name={`variants.${i}.${column.field}`}
                        aria-label={`${column.label} for ${title}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId(column.field) : undefined}
                        inputMode={column.inputMode}
                        autoComplete="off"
                        value={variant[column.field]}
                        onChange={(e) => onChange(variant.key, column.field, e.target.value)}
                      />
                      <CellError id={errorId(column.field)} message={error} />
                    </Cell>
                  );
                })}
                <Cell label="Image">
                  <ImageSelect
                    value={variant.imageId}
                    images={images}
                    label={`Image for ${title}`}
                    invalid={Boolean(errors[`variant:${variant.key}.imageId`])}
                    describedBy={errors[`variant:${variant.key}.imageId`] ? errorId("imageId") : undefined}
                    onChange={(id) => onChange(variant.key, "imageId", id)}
                  />
                  <CellError id={errorId("imageId")} message={errors[`variant:${variant.key}.imageId`]} />
                </Cell>
                <Cell label="Available">
                  <chakra.input
                    type="checkbox"
                    boxSize="5"
                    mt={{ md: "1.5" }}
                    accentColor="brand.solid"
                    aria-label={`Available for sale: ${title}`}
                    checked={variant.availableForSale}
                    onChange={(e) => onChange(variant.key, "availableForSale", e.target.checked)}
                  />
                </Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** "S / Red": a retired variant's values (its options may be gone). */
const retiredTitle = (variant: VariantDraft) => Object.values(variant.values).filter(Boolean).join(" / ") || "Default Title";

/**
 * The variants: one per combination of the options' values, each with its price, compare-at
 * price, SKU, image, Printful id and whether it is on sale. What Save will remove is said before.
 */
export function VariantsPanel(props: VariantsPanelProps) {
  const { variants, retired, archivedVariantCount, images, errors, onChange } = props;
  const options = activeOptions(props.options);
  const removed = retired.filter((variant) => variant.id !== null);
  const removedSold = removed.filter((variant) => variant.sold);
  const count = variants.length === 1 ? "1 variant" : `${variants.length} variants`;
  return (
    <Panel title={options.length === 0 ? "Price and variant" : `Variants (${count})`} id="product-variants">
      {errors.variants && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errors.variants}
        </Text>
      )}
      {options.length === 0 && variants[0] ? (
        <OneVariant variant={variants[0]} images={images} errors={errors} onChange={onChange} />
      ) : (
        <VariantsTable variants={variants} options={options} images={images} errors={errors} onChange={onChange} />
      )}
      {removed.length > 0 && (
        <Alert.Root status="warning" borderRadius="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Saving removes {removed.length === 1 ? "1 variant" : `${removed.length} variants`}</Alert.Title>
            <Alert.Description>
              {removed.map(retiredTitle).join(", ")}.
              {removedSold.length > 0 && ` ${removedSold.map(retiredTitle).join(", ")} ${removedSold.length === 1 ? "is" : "are"} on orders, so archived instead of deleted.`}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {archivedVariantCount > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {archivedVariantCount === 1 ? "1 archived variant (sold, then removed) is" : `${archivedVariantCount} archived variants (sold, then removed) are`} kept for its orders and not listed.
        </Text>
      )}
    </Panel>
  );
}

import { Field, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { NativeSelect } from "../../components/ui/recipes/nativeSelect";
import { useEffect } from "react";
import { ErrorState } from "../../components/StateMessage";
import { PriceTag } from "../../components/product/PriceTag";
import { formatPrice } from "../../lib/money";
import { ProductOptions } from "../product/ProductOptions";
import type { CustomizeProductQuery, CustomizeRouteQuery } from "../../gql/graphql";

type CustomizableProduct = CustomizeRouteQuery["customizableProducts"][number];
type StudioProduct = NonNullable<CustomizeProductQuery["product"]>;
type StudioVariant = StudioProduct["variants"][number];

interface ProductPanelProps {
  products: readonly CustomizableProduct[] | null;
  productsLoading: boolean;
  productsFailed: boolean;
  productId: string | null;
  product: StudioProduct | null;
  productLoading: boolean;
  variant: StudioVariant | null;
  onProduct(productId: string | null): void;
  onVariant(variantId: string | null): void;
}

const NO_PRODUCT = "";

/** Product tab: the customisable products, then the chosen one's variants by option, with the price. */
export function ProductPanel(props: ProductPanelProps) {
  const { products, productsLoading, productsFailed, productId, product, productLoading, variant, onProduct, onVariant } = props;

  if (productsLoading) {
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label="Loading products">
        <Skeleton height="4" width="24" />
        <Skeleton height="10" />
        <Skeleton height="24" />
      </Stack>
    );
  }
  if (productsFailed || !products) {
    return <ErrorState title="Error loading products" description="The products to print on could not be loaded." />;
  }

  return (
    <Stack gap="5">
      <Field.Root>
        <Field.Label>Product</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={productId ?? NO_PRODUCT} onChange={(e) => onProduct(e.currentTarget.value || null)}>
            <option value={NO_PRODUCT}>Choose a product…</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title} (from {formatPrice(p.price.amount)})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>Your design is printed in the dashed print area; the options and price follow the product.</Field.HelperText>
      </Field.Root>

      {productId && productLoading && !product && (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading the product's options">
          <Skeleton height="6" width="32" />
          <Skeleton height="9" />
        </Stack>
      )}
      {product && <VariantChooser key={product.id} product={product} variant={variant} onVariant={onVariant} />}
      {!productId && (
        <Text color="fg.muted" fontSize="sm">
          No product chosen yet: your design is shown on its background color.
        </Text>
      )}
    </Stack>
  );
}

function VariantChooser({ product, variant, onVariant }: { product: StudioProduct; variant: StudioVariant | null; onVariant(id: string | null): void }) {
  // A newly chosen product starts on its first variant, as on the product page (spec §4).
  const firstVariantId = product.variants[0]?.id ?? null;
  useEffect(() => {
    if (!variant && firstVariantId) onVariant(firstVariantId);
  }, [variant, firstVariantId, onVariant]);

  return (
    <Stack gap="4">
      <ProductOptions options={product.options} variants={product.variants} selected={variant} onSelect={(chosen) => onVariant(chosen.id)} />
      {variant ? (
        <HStack gap="2" align="baseline">
          <Text fontSize="sm" color="fg.muted">
            Price
          </Text>
          <PriceTag amount={variant.price.amount} compareAt={variant.compareAtPrice?.amount ?? null} size="lg" />
        </HStack>
      ) : (
        <Text color="fg.muted" fontSize="sm" role="status">
          This product has no variants to print on yet.
        </Text>
      )}
    </Stack>
  );
}

import { Box, Grid, Stack } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Alert } from "../../../components/ui/recipes/alert";
import { FormProblem } from "../../auth/FormProblem";
import { SaveBar } from "../SaveBar";
import type { AdminProductEditor_ProductFragment } from "../gql/graphql";
import { DeleteProduct } from "./DeleteProduct";
import { DetailsPanel } from "./DetailsPanel";
import { ImagesPanel } from "./ImagesPanel";
import { LeaveDialog } from "../LeaveDialog";
import { MockupsPanel } from "./MockupsPanel";
import { OptionsPanel } from "./OptionsPanel";
import { OrganisationPanel } from "./OrganisationPanel";
import { activeOptions, addOption, changeOptionValues, draftOf, hasChanges, inputOf, newProductDraft, removeOption, type ProductDraft } from "./productDraft";
import { checkDraft, NO_ERRORS, placeProductErrors, type PlacedErrors } from "./productErrors";
import { SeoPanel } from "./SeoPanel";
import { useLeaveGuard } from "../useLeaveGuard";
import { useProductMutations } from "./useProductMutations";
import { VariantsPanel, type VariantField } from "./VariantsPanel";

type Product = AdminProductEditor_ProductFragment;
type ProductField = Exclude<keyof ProductDraft, "options" | "variants" | "retired">;

/**
 * The product's form: every field, its options and variants, saved together by one mutation. The
 * form keeps what was typed until Save; `product` (the cached product, which image changes update
 * at once) gives the images and what is saved.
 */
export function ProductForm({ product }: { product: Product | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<ProductDraft>(() => (product ? draftOf(product) : newProductDraft()));
  const [draft, setDraft] = useState<ProductDraft>(saved);
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [archivedInstead, setArchivedInstead] = useState(false);
  const { save, deleteProduct, saving, deleting } = useProductMutations();
  const formRef = useRef<HTMLFormElement>(null);

  const images = useMemo(() => product?.images ?? [], [product]);
  const context = useMemo(() => ({ isNew: product === null, imageIds: images.map((image) => image.id) }), [product, images]);
  const dirty = useMemo(() => hasChanges(draft, saved, context), [draft, saved, context]);
  const guard = useLeaveGuard(dirty);

  // After a refused Save, the first field at fault takes the focus (the general problem is an alert of its own).
  useEffect(() => {
    if (Object.keys(errors.byField).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const forget = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current.byField)) return current;
      const byField = { ...current.byField };
      for (const key of keys) delete byField[key];
      return { ...current, byField };
    });

  const setField = <K extends ProductField>(field: K, value: ProductDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    forget(field);
  };
  const setVariant = <F extends VariantField>(key: string, field: F, value: ProductDraft["variants"][number][F]) => {
    setDraft((d) => ({ ...d, variants: d.variants.map((v) => (v.key === key ? { ...v, [field]: value } : v)) }));
    forget(`variant:${key}.${field}`);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = checkDraft(draft);
    if (Object.keys(local.byField).length > 0) return setErrors(local);
    setErrors(NO_ERRORS);
    const { input, sent } = inputOf(draft, context);
    const outcome = await save(product?.id ?? null, input);
    if (!outcome.ok) return setErrors(placeProductErrors(outcome.errors, sent));
    // A new product opens as itself (its variants now have ids); one already saved takes what the gateway kept.
    if (!product) return void navigate(`/admin/products/${encodeURIComponent(outcome.product.id)}`, { replace: true });
    const next = draftOf(outcome.product);
    setSaved(next);
    setDraft(next);
    setArchivedInstead(false);
  };

  const discard = () => {
    setDraft(saved);
    setErrors(NO_ERRORS);
  };

  const remove = async () => {
    const outcome = await deleteProduct(product!.id, product!.title);
    if (!outcome.ok) return outcome;
    if (!outcome.archived) {
      navigate("/admin/products");
      return outcome;
    }
    // Archived instead: the status is the one change the gateway made; anything typed stays.
    setSaved((s) => ({ ...s, status: "ARCHIVED" }));
    setDraft((d) => ({ ...d, status: "ARCHIVED" }));
    setArchivedInstead(true);
    return outcome;
  };

  const byField = errors.byField;
  const grid = activeOptions(draft.options).length > 0;
  const variants = (
    <VariantsPanel
      options={draft.options}
      variants={draft.variants}
      retired={draft.retired}
      archivedVariantCount={product?.archivedVariantCount ?? 0}
      images={images}
      errors={byField}
      onChange={setVariant}
    />
  );
  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={product ? "Edit product" : "Add product"}>
      <Stack gap="5">
        {archivedInstead && (
          <Alert.Root status="info" borderRadius="md" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>It has orders, so it was archived instead</Alert.Title>
              <Alert.Description>Shoppers no longer see it; its orders still name it.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormProblem message={errors.general.length > 0 ? errors.general.join(" ") : null} />
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap="5" alignItems="start">
          <Stack gap="5">
            <DetailsPanel draft={draft} saved={product ? { handle: product.handle, previousHandles: product.previousHandles } : null} errors={byField} onChange={setField} />
            <ImagesPanel product={product} />
            <MockupsPanel product={product} customizable={draft.customizable} />
            <OptionsPanel
              options={draft.options}
              errors={byField}
              onName={(key, name) => {
                setDraft((d) => ({ ...d, options: d.options.map((o) => (o.key === key ? { ...o, name } : o)) }));
                forget(`option:${key}.name`);
              }}
              onValues={(key, values) => {
                setDraft((d) => changeOptionValues(d, key, values));
                forget(`option:${key}.values`, "variants");
              }}
              onAdd={() => setDraft(addOption)}
              onRemove={(key) => setDraft((d) => removeOption(d, key))}
            />
            {!grid && variants}
          </Stack>
          <Stack gap="5">
            <OrganisationPanel draft={draft} errors={byField} onChange={setField} />
            <SeoPanel draft={draft} fallback={draft} errors={byField} onChange={setField} />
          </Stack>
          {/* The grid of several variants takes the screen's whole width. */}
          {grid && <Box gridColumn={{ lg: "1 / -1" }}>{variants}</Box>}
          {product && (
            <Box gridColumn={{ lg: "1 / -1" }}>
              <DeleteProduct title={product.title} archived={product.status === "ARCHIVED"} onDelete={remove} deleting={deleting} />
            </Box>
          )}
        </Grid>
        <SaveBar dirty={dirty} isNew={product === null} saving={saving} onDiscard={discard} />
      </Stack>
      <LeaveDialog what="product" open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}

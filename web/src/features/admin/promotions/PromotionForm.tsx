import { useQuery } from "@apollo/client/react";
import { chakra, Field, HStack, Input, SimpleGrid, Stack, Tag, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { notify } from "../../../components/ui/toaster";
import { FormProblem } from "../../auth/FormProblem";
import { ProductPicker } from "../collections/ProductPicker";
import { PromotionCollectionChoicesDocument, type PromotionEditor_PromotionFragment } from "../gql/graphql";
import { LeaveDialog } from "../LeaveDialog";
import { Panel } from "../Panel";
import { SaveBar } from "../SaveBar";
import { useLeaveGuard } from "../useLeaveGuard";
import { draftOf, draftProblems, inputOf, newDraft, TYPE_LABELS, viewerTimeZone, type PromotionDraft, type PromotionType, type Target } from "./promotionDraft";
import { usePromotionMutations } from "./usePromotionMutations";

type Errors = Partial<Record<keyof PromotionDraft, string>>;
/** The shop's field names (userErrors) as the form's. */
const FIELD_OF: Record<string, keyof PromotionDraft> = {
  title: "title",
  kind: "type",
  automatic: "type",
  percentOff: "percentOff",
  amountOff: "amountOff",
  minimumSubtotal: "minimumSubtotal",
  startsAt: "startsAt",
  endsAt: "endsAt",
  oncePerCustomer: "oncePerCustomer",
  productIds: "products",
  collectionIds: "collections",
  code: "code",
  usageLimit: "usageLimit",
};
const fieldOf = (field: string | null | undefined) => (field ? FIELD_OF[field.split(".")[0]!] : undefined);

function Chips({ items, label, onRemove }: { items: Target[]; label: string; onRemove(id: string): void }) {
  if (items.length === 0) return null;
  return (
    <HStack as="ul" aria-label={label} listStyleType="none" gap="2" wrap="wrap">
      {items.map((item) => (
        <li key={item.id}>
          <Tag.Root size="lg" variant="surface">
            <Tag.Label>{item.title}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger aria-label={`Remove ${item.title}`} onClick={() => onRemove(item.id)} />
            </Tag.EndElement>
          </Tag.Root>
        </li>
      ))}
    </HStack>
  );
}

function CollectionSelect({ chosen, onAdd }: { chosen: Target[]; onAdd(target: Target): void }) {
  const { data } = useQuery(PromotionCollectionChoicesDocument, { ssr: false });
  const choices = (data?.adminCollections ?? []).filter((c) => !chosen.some((t) => t.id === c.id));
  return (
    <Field.Root maxW={{ md: "sm" }}>
      <Field.Label>Add a collection</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name="collection"
          value=""
          onChange={(e) => {
            const found = choices.find((c) => c.id === e.target.value);
            if (found) onAdd({ id: found.id, title: found.title });
          }}
        >
          <option value="">Choose a collection…</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function Checkbox({ name, checked, onChange, children }: { name: string; checked: boolean; onChange(on: boolean): void; children: string }) {
  return (
    <HStack as="label" gap="2" cursor="pointer" alignSelf="start">
      <chakra.input type="checkbox" name={name} boxSize="4" accentColor="brand.solid" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <Text as="span" fontSize="sm">
        {children}
      </Text>
    </HStack>
  );
}

/**
 * A promotion's fields, saved together (promotionCreate or promotionUpdate): what it is and takes
 * off, its minimum, when it runs (in the viewer's time zone), once per customer, and the products and
 * collections it is limited to; a new code promotion may be given its first code here.
 */
export function PromotionForm({ promotion, type }: { promotion: PromotionEditor_PromotionFragment | null; type: PromotionType }) {
  const navigate = useNavigate();
  const { save, saving } = usePromotionMutations();
  const isNew = promotion === null;
  const [saved, setSaved] = useState(() => (promotion ? draftOf(promotion) : newDraft(type)));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const guard = useLeaveGuard(dirty && !isNew);
  const automatic = draft.type === "SHIPPING_OFFER";
  const zone = viewerTimeZone();

  const change = <K extends keyof PromotionDraft>(field: K, value: PromotionDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found = draftProblems(draft, isNew);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = await save(promotion?.id ?? null, inputOf(draft, isNew));
    if (!done.ok) {
      const placed: Errors = {};
      for (const error of done.errors) {
        const field = fieldOf(error.field);
        if (field && !placed[field]) placed[field] = error.message;
        else if (!field) setProblem(error.message);
      }
      setErrors(placed);
      return;
    }
    const next = draftOf(done.value);
    setSaved(next);
    setDraft(next);
    notify({ title: isNew ? "Promotion created" : "Promotion saved", description: done.value.title, type: "success" });
    if (isNew) navigate(`/admin/promotions/${done.value.id}`, { replace: true });
  };

  const discard = () => {
    setDraft(saved);
    setErrors({});
    setProblem(null);
  };

  return (
    <Stack gap="5">
      <form aria-label={isNew ? "Create promotion" : "Edit promotion"} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="5">
          <Panel title="Details" id="promotion-details">
            <Field.Root invalid={Boolean(errors.type)}>
              <Field.Label>Type</Field.Label>
              <NativeSelect.Root disabled={!isNew && promotion.codeCount > 0}>
                <NativeSelect.Field name="type" value={draft.type} onChange={(e) => change("type", e.target.value as PromotionType)}>
                  {(Object.keys(TYPE_LABELS) as PromotionType[]).map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.type ? (
                <Field.ErrorText>{errors.type}</Field.ErrorText>
              ) : (
                automatic && <Field.HelperText>Lowers the free-shipping threshold for everyone while it runs; no code needed.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.title)} required>
              <Field.Label>Title</Field.Label>
              <Input name="title" value={draft.title} maxLength={100} onChange={(e) => change("title", e.target.value)} autoComplete="off" />
              {errors.title ? <Field.ErrorText>{errors.title}</Field.ErrorText> : <Field.HelperText>For staff; shoppers see the code or the banner.</Field.HelperText>}
            </Field.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {draft.type === "PERCENTAGE" && (
                <Field.Root invalid={Boolean(errors.percentOff)} required>
                  <Field.Label>Percent off</Field.Label>
                  <Input name="percentOff" inputMode="numeric" value={draft.percentOff} onChange={(e) => change("percentOff", e.target.value)} placeholder="20" />
                  {errors.percentOff && <Field.ErrorText>{errors.percentOff}</Field.ErrorText>}
                </Field.Root>
              )}
              {draft.type === "FIXED_AMOUNT" && (
                <Field.Root invalid={Boolean(errors.amountOff)} required>
                  <Field.Label>Amount off the order ($)</Field.Label>
                  <Input name="amountOff" inputMode="decimal" value={draft.amountOff} onChange={(e) => change("amountOff", e.target.value)} placeholder="10.00" />
                  {errors.amountOff && <Field.ErrorText>{errors.amountOff}</Field.ErrorText>}
                </Field.Root>
              )}
              <Field.Root invalid={Boolean(errors.minimumSubtotal)}>
                <Field.Label>{automatic ? "Free shipping over ($)" : "Minimum subtotal ($)"}</Field.Label>
                <Input name="minimumSubtotal" inputMode="decimal" value={draft.minimumSubtotal} onChange={(e) => change("minimumSubtotal", e.target.value)} placeholder={automatic ? "50.00" : "None"} />
                {errors.minimumSubtotal ? (
                  <Field.ErrorText>{errors.minimumSubtotal}</Field.ErrorText>
                ) : (
                  <Field.HelperText>{automatic ? "The offer's threshold while it runs." : "Empty: any order."}</Field.HelperText>
                )}
              </Field.Root>
            </SimpleGrid>
          </Panel>
          <Panel title={automatic ? "When" : "When and who"} id="promotion-when">
            <Text fontSize="sm" color="fg.muted">
              Times are in your time zone ({zone}).
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root invalid={Boolean(errors.startsAt)} required>
                <Field.Label>Starts</Field.Label>
                <Input type="datetime-local" name="startsAt" value={draft.startsAt} onChange={(e) => change("startsAt", e.target.value)} />
                {errors.startsAt && <Field.ErrorText>{errors.startsAt}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(errors.endsAt)}>
                <Field.Label>Ends</Field.Label>
                <Input type="datetime-local" name="endsAt" value={draft.endsAt} onChange={(e) => change("endsAt", e.target.value)} />
                {errors.endsAt ? <Field.ErrorText>{errors.endsAt}</Field.ErrorText> : <Field.HelperText>Empty: runs until you disable it.</Field.HelperText>}
              </Field.Root>
            </SimpleGrid>
            {!automatic && (
              <Checkbox name="oncePerCustomer" checked={draft.oncePerCustomer} onChange={(on) => change("oncePerCustomer", on)}>
                Once per customer (by account, or a guest's email)
              </Checkbox>
            )}
            {errors.oncePerCustomer && (
              <Text fontSize="sm" color="fg.error">
                {errors.oncePerCustomer}
              </Text>
            )}
            {isNew && !automatic && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Field.Root invalid={Boolean(errors.code)}>
                  <Field.Label>Discount code</Field.Label>
                  <Input name="code" value={draft.code} maxLength={40} onChange={(e) => change("code", e.target.value)} placeholder="HEARING20" autoComplete="off" spellCheck={false} fontFamily="mono" />
                  {errors.code ? <Field.ErrorText>{errors.code}</Field.ErrorText> : <Field.HelperText>Optional: add or generate codes later. Any case works for shoppers.</Field.HelperText>}
                </Field.Root>
                <Field.Root invalid={Boolean(errors.usageLimit)}>
                  <Field.Label>Usage limit</Field.Label>
                  <Input name="usageLimit" inputMode="numeric" value={draft.usageLimit} onChange={(e) => change("usageLimit", e.target.value)} placeholder="No limit" />
                  {errors.usageLimit ? <Field.ErrorText>{errors.usageLimit}</Field.ErrorText> : <Field.HelperText>How many orders may use the code in all.</Field.HelperText>}
                </Field.Root>
              </SimpleGrid>
            )}
          </Panel>
        </Stack>
      </form>
      {!automatic && (
        <Panel title="Applies to" id="promotion-targets">
          <Text fontSize="sm" color="fg.muted">
            {draft.products.length === 0 && draft.collections.length === 0 ? "The whole order. Limit it to products or collections below." : "Only these products and the products of these collections."}
          </Text>
          <Chips items={draft.products} label="Products" onRemove={(id) => change("products", draft.products.filter((p) => p.id !== id))} />
          <Chips items={draft.collections} label="Collections" onRemove={(id) => change("collections", draft.collections.filter((c) => c.id !== id))} />
          {(errors.products || errors.collections) && (
            <Text fontSize="sm" color="fg.error" role="alert">
              {errors.products ?? errors.collections}
            </Text>
          )}
          <CollectionSelect chosen={draft.collections} onAdd={(t) => change("collections", [...draft.collections, t])} />
          <ProductPicker busy={false} onAdd={(id, title) => !draft.products.some((p) => p.id === id) && change("products", [...draft.products, { id, title }])} />
        </Panel>
      )}
      <form aria-label="Save promotion" onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="3">
          <FormProblem message={problem} />
          <SaveBar dirty={dirty} isNew={isNew} saving={saving} onDiscard={discard} createLabel={automatic ? "Create offer" : "Create promotion"} />
        </Stack>
      </form>
      <LeaveDialog what="promotion" open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </Stack>
  );
}

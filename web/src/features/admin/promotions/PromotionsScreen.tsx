import { useQuery } from "@apollo/client/react";
import { Badge, Button, Field, Heading, HStack, Input, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { CirclePlus, Save, Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { notify } from "../../../components/ui/toaster";
import { FormProblem } from "../../auth/FormProblem";
import { AdminQueryError } from "../AdminQueryError";
import { formatDateTime, formatMoney } from "../adminFormat";
import { PromotionsDocument, ShopSettingsDocument, type PromotionsList_PromotionFragment, type PromotionState } from "../gql/graphql";
import { Panel } from "../Panel";
import { describeValue, STATE_LABELS, STATE_PALETTE } from "./promotionDraft";
import { useShopSettingsUpdate } from "./usePromotionMutations";

const PAGE = 50;
const FILTERS: readonly PromotionState[] = ["ACTIVE", "SCHEDULED", "USED_UP", "ENDED", "DISABLED"];

function NewButtons() {
  return (
    <HStack gap="2" wrap="wrap">
      <Button asChild variant="outline">
        <Link to="/admin/promotions/new?type=shipping">
          <Truck aria-hidden="true" /> Free-shipping offer
        </Link>
      </Button>
      <Button asChild colorPalette="brand">
        <Link to="/admin/promotions/new">
          <CirclePlus aria-hidden="true" /> Create discount
        </Link>
      </Button>
    </HStack>
  );
}

function PromotionRow({ promotion }: { promotion: PromotionsList_PromotionFragment }) {
  const when = `${formatDateTime(promotion.startsAt)} – ${promotion.endsAt ? formatDateTime(promotion.endsAt) : "no end"}`;
  const usage = promotion.automatic ? "Automatic, no code" : `${promotion.uses === 1 ? "1 use" : `${promotion.uses} uses`} · ${promotion.codeCount === 1 ? "1 code" : `${promotion.codeCount} codes`}`;
  return (
    <Stack as="li" gap="1" px="4" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <HStack gap="2" wrap="wrap">
        <ChakraLink asChild fontWeight="semibold" color="fg">
          <Link to={`/admin/promotions/${promotion.id}`}>{promotion.title}</Link>
        </ChakraLink>
        <Badge colorPalette={STATE_PALETTE[promotion.state]}>{STATE_LABELS[promotion.state]}</Badge>
      </HStack>
      <Text fontSize="sm">{describeValue(promotion)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {when} · {usage}
      </Text>
    </Stack>
  );
}

/** The standing threshold: the owner edits it; other staff see it. */
function ShippingPanel({ canEdit }: { canEdit: boolean }) {
  const { data, loading, error, refetch } = useQuery(ShopSettingsDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const { save, saving } = useShopSettingsUpdate();
  const current = data?.shopSettings.freeShippingThreshold;
  const [draft, setDraft] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const value = draft ?? current?.amount ?? "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return setFieldError("An amount such as 75.00 (0 makes shipping always free)");
    const done = await save(value.trim());
    if (!done.ok) {
      const own = done.errors.find((e) => e.field === "freeShippingThreshold");
      setFieldError(own?.message ?? null);
      if (!own) setProblem(done.errors[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    setDraft(null);
    notify({ title: "Free-shipping threshold saved", description: `Free shipping over ${formatMoney(done.value)}`, type: "success" });
  };

  return (
    <Panel title="Shipping" id="shipping-settings">
      {!data && loading ? (
        <Skeleton height="10" role="status" aria-label="Loading the shipping settings" />
      ) : !current ? (
        <AdminQueryError error={error} what="the shipping settings" onRetry={() => void refetch().catch(() => undefined)} />
      ) : canEdit ? (
        <form aria-label="Free-shipping threshold" onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="3">
            <HStack gap="3" align="end" wrap="wrap">
              <Field.Root invalid={Boolean(fieldError)} maxW="xs">
                <Field.Label>Standing free-shipping threshold ($)</Field.Label>
                <Input name="freeShippingThreshold" inputMode="decimal" value={value} onChange={(e) => (setDraft(e.target.value), setFieldError(null))} />
                {fieldError && <Field.ErrorText>{fieldError}</Field.ErrorText>}
              </Field.Root>
              <Button type="submit" colorPalette="brand" loading={saving} disabled={draft === null || draft === current.amount}>
                <Save aria-hidden="true" /> Save
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Orders over this ship free whenever no free-shipping offer runs. An active offer lowers it while it runs.
            </Text>
            <FormProblem message={problem} />
          </Stack>
        </form>
      ) : (
        <Text fontSize="sm">
          Orders over {formatMoney(current)} ship free whenever no free-shipping offer runs. The owner changes this threshold.
        </Text>
      )}
    </Panel>
  );
}

/** Every promotion (newest first) with its state and uses, filtered by state; the shipping threshold beside them. */
export function PromotionsScreen({ isOwner }: { isOwner: boolean }) {
  const [state, setState] = useState<PromotionState | null>(null);
  const [after, setAfter] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(PromotionsDocument, { variables: { state, first: PAGE, after }, fetchPolicy: "cache-and-network", ssr: false });
  const list = data?.promotions;

  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3" align="baseline" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Promotions
          </Heading>
          {list && (
            <Text color="fg.muted" aria-live="polite">
              {list.totalCount === 1 ? "1 promotion" : `${list.totalCount} promotions`}
            </Text>
          )}
        </HStack>
        <NewButtons />
      </HStack>
      <ShippingPanel canEdit={isOwner} />
      <Field.Root maxW={{ md: "52" }}>
        <Field.Label>State</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="state"
            bg="bg.panel"
            value={state ?? ""}
            onChange={(e) => {
              setState((e.target.value || null) as PromotionState | null);
              setAfter(null);
            }}
          >
            <option value="">All</option>
            {FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {!list && loading ? (
        <Stack gap="2" role="status" aria-label="Loading promotions">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="16" borderRadius="md" />
          ))}
        </Stack>
      ) : !list ? (
        <AdminQueryError error={error} what="promotions" onRetry={() => void refetch().catch(() => undefined)} />
      ) : list.nodes.length === 0 ? (
        <EmptyState
          title={state ? `No ${STATE_LABELS[state].toLowerCase()} promotions` : "No promotions yet"}
          description={state ? "Choose another state, or All." : "Create a discount code, or run a free-shipping offer for a week."}
          headingLevel="h2"
        >
          {!state && <NewButtons />}
        </EmptyState>
      ) : (
        <Stack gap="3">
          <Stack as="ul" listStyleType="none" gap="0" borderWidth="1px" borderRadius="lg" bg="bg.panel" aria-label="Promotions">
            {list.nodes.map((p) => (
              <PromotionRow key={p.id} promotion={p} />
            ))}
          </Stack>
          {(after !== null || list.pageInfo.hasNextPage) && (
            <HStack gap="2">
              {after !== null && (
                <Button size="sm" variant="outline" onClick={() => setAfter(null)}>
                  First page
                </Button>
              )}
              {list.pageInfo.hasNextPage && (
                <Button size="sm" variant="outline" onClick={() => setAfter(list.pageInfo.endCursor ?? null)}>
                  Next page
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

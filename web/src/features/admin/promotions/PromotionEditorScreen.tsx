import { useQuery } from "@apollo/client/react";
import { Badge, Button, Heading, HStack, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, CircleX, RotateCcw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { notify } from "../../../components/ui/toaster";
import { AdminQueryError } from "../AdminQueryError";
import { formatDateTime } from "../adminFormat";
import { PromotionDocument, type PromotionEditor_PromotionFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { CodesPanel } from "./CodesPanel";
import { PromotionForm } from "./PromotionForm";
import { describeValue, STATE_LABELS, STATE_PALETTE, TYPE_LABELS, type PromotionType } from "./promotionDraft";
import { usePromotionMutations } from "./usePromotionMutations";

const CODES_PAGE = 50;

function BackLink() {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted">
      <Link to="/admin/promotions">
        <ArrowLeft aria-hidden="true" size={16} /> Promotions
      </Link>
    </ChakraLink>
  );
}

/** A new promotion: a code promotion, or (type SHIPPING_OFFER) a timed free-shipping offer. */
export function NewPromotionScreen({ type }: { type: PromotionType }) {
  return (
    <Stack gap="5">
      <BackLink />
      <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
        {type === "SHIPPING_OFFER" ? "New free-shipping offer" : "New promotion"}
      </Heading>
      <PromotionForm promotion={null} type={type} />
    </Stack>
  );
}

function OnOffPanel({ promotion }: { promotion: PromotionEditor_PromotionFragment }) {
  const { setDisabled, switching } = usePromotionMutations();
  const disabled = promotion.state === "DISABLED";
  const toggle = async () => {
    const done = await setDisabled(promotion.id, !disabled);
    if (done.ok) notify({ title: disabled ? "Promotion enabled" : "Promotion disabled", description: promotion.title, type: "success" });
    else notify({ title: "Couldn't change the promotion", description: done.errors[0]?.message, type: "error" });
  };
  return (
    <Panel title={disabled ? "Disabled" : "Disable"} id="promotion-switch">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {disabled
            ? "It works nowhere until you enable it again; its dates still apply."
            : promotion.automatic
              ? "Stops the offer at once: the standing threshold applies again."
              : "Stops every code of this promotion at once; orders already paid keep their discount."}
        </Text>
        <Button variant={disabled ? "solid" : "outline"} colorPalette={disabled ? "brand" : "red"} loading={switching} onClick={() => void toggle()}>
          {disabled ? <RotateCcw aria-hidden="true" /> : <CircleX aria-hidden="true" />} {disabled ? "Enable promotion" : "Disable promotion"}
        </Button>
      </HStack>
    </Panel>
  );
}

/** A promotion's editor: its fields (Save), on/off, and its codes. */
export function PromotionEditorScreen({ id }: { id: string }) {
  const [after, setAfter] = useState<string | null>(null);
  const { data, loading, error, refetch } = useQuery(PromotionDocument, { variables: { id, first: CODES_PAGE, after }, fetchPolicy: "cache-and-network", ssr: false });
  const promotion = data?.promotion;

  if (!data && loading) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the promotion">
        <Skeleton height="8" width="48" />
        <Skeleton height="48" borderRadius="lg" />
        <Skeleton height="64" borderRadius="lg" />
      </Stack>
    );
  }
  if (!data) return <AdminQueryError error={error} what="the promotion" onRetry={() => void refetch().catch(() => undefined)} />;
  if (!promotion) {
    return (
      <EmptyState title="Promotion not found" description="Check the address, or pick it from the list." headingLevel="h2">
        <Button asChild variant="outline">
          <Link to="/admin/promotions">All promotions</Link>
        </Button>
      </EmptyState>
    );
  }
  const type: PromotionType = promotion.automatic ? "SHIPPING_OFFER" : promotion.kind;
  return (
    <Stack gap="5">
      <BackLink />
      <Stack gap="1">
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            {promotion.title}
          </Heading>
          <Badge colorPalette={STATE_PALETTE[promotion.state]} size="lg">
            {STATE_LABELS[promotion.state]}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {TYPE_LABELS[type]} · {describeValue(promotion)} · {formatDateTime(promotion.startsAt)} to {promotion.endsAt ? formatDateTime(promotion.endsAt) : "no end"}
          {!promotion.automatic && ` · ${promotion.uses === 1 ? "1 use" : `${promotion.uses} uses`}`}
        </Text>
      </Stack>
      <PromotionForm key={`${promotion.id}:${promotion.updatedAt}`} promotion={promotion} type={type} />
      <OnOffPanel promotion={promotion} />
      {!promotion.automatic && <CodesPanel promotionId={promotion.id} codes={promotion.codes} onPage={setAfter} />}
    </Stack>
  );
}

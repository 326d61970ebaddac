import { useMutation } from "@apollo/client/react";
import { Button, CloseButton, Dialog, Field, HStack, Portal, Stack, Text } from "@chakra-ui/react";
import { Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { notify } from "../../../components/ui/toaster";
import { FormProblem } from "../../auth/FormProblem";
import { keepOpenOnFocusOutside } from "../../../components/ui/modal";
import { OrdersFulfillDocument, type AdminOrderRow_OrderFragment } from "../gql/graphql";
import { forgetOrderLists } from "../useOrderActions";
import { UNREACHABLE } from "../useStaffSession";
import { CarrierFields, CarrierSelect } from "./CarrierFields";
import { OTHER, choiceProblems, emptyChoice, trackingInput, type CarrierChoice, type CarrierField } from "./carrierChoice";
import { useCarriers } from "./useCarriers";

type Problems = Partial<Record<CarrierField, string>> & { order?: string };

interface Props {
  orders: readonly AdminOrderRow_OrderFragment[];
  onClose(): void;
  /** The orders that shipped (they leave the selection). */
  onShipped(ids: string[]): void;
}

/**
 * Mark shipped, several orders at once: a carrier for all (each row may differ) and a tracking
 * number per order. Each order ships on its own: those refused stay here with the reason.
 */
export function ShipOrdersDialog({ orders, onClose, onShipped }: Props) {
  const { carriers } = useCarriers();
  // What staff typed per order; an order not touched yet starts with the first carrier and no number.
  const [edited, setRows] = useState<Record<string, CarrierChoice>>({});
  // A row whose carrier was never chosen takes the list's first (once the list has come).
  const rowOf = (id: string): CarrierChoice => {
    const row = edited[id] ?? emptyChoice("");
    return row.carrier ? row : { ...row, carrier: carriers[0] ?? OTHER };
  };
  const [problems, setProblems] = useState<Record<string, Problems>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [ship, { loading }] = useMutation(OrdersFulfillDocument, { update: forgetOrderLists });

  const setAllCarriers = (carrier: string) => setRows(Object.fromEntries(orders.map((o) => [o.id, { ...rowOf(o.id), carrier }])));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, Problems> = {};
    for (const order of orders) {
      const p = choiceProblems(rowOf(order.id));
      if (Object.keys(p).length > 0) found[order.id] = p;
    }
    setProblems(found);
    setGeneral(null);
    if (Object.keys(found).length > 0) return;
    try {
      const { data } = await ship({ variables: { shipments: orders.map((o) => ({ orderId: o.id, ...trackingInput(rowOf(o.id)) })) } });
      const payload = data?.ordersFulfill;
      if (!payload?.results) {
        setGeneral(payload?.userErrors.map((e) => e.message).join(" ") || "Nothing was changed.");
        return;
      }
      const shipped = payload.results.filter((r) => r.order).map((r) => r.orderId);
      const refused: Record<string, Problems> = {};
      for (const result of payload.results.filter((r) => !r.order)) {
        const error = result.userErrors[0];
        const field = (["carrier", "trackingNumber", "trackingUrl"] as const).find((f) => error?.field === f);
        refused[result.orderId] = field ? { [field]: error!.message } : { order: result.userErrors.map((e) => e.message).join(" ") };
      }
      if (shipped.length > 0) {
        notify({ title: shipped.length === 1 ? "1 order marked shipped" : `${shipped.length} orders marked shipped`, description: "Each customer is emailed their tracking.", type: "success" });
        onShipped(shipped);
      }
      setProblems(refused);
      if (Object.keys(refused).length === 0) onClose();
    } catch (error) {
      setGeneral(error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE);
    }
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ base: "full", md: "xl" }}
      scrollBehavior="inside"
      onFocusOutside={keepOpenOnFocusOutside}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate aria-label="Mark orders shipped">
            <Dialog.Header>
              <Dialog.Title>{orders.length === 1 ? "Mark 1 order shipped" : `Mark ${orders.length} orders shipped`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <FormProblem message={general} />
                <Field.Root maxW="64">
                  <Field.Label>Carrier for every order</Field.Label>
                  <CarrierSelect name="carrierForAll" carriers={carriers} placeholder="Choose per order" onChange={(carrier) => carrier && setAllCarriers(carrier)} />
                </Field.Root>
                {orders.map((order) => {
                  const row = rowOf(order.id);
                  const p = problems[order.id] ?? {};
                  return (
                    <Stack key={order.id} gap="2" borderTopWidth="1px" pt="4" data-order={order.orderNumber}>
                      <HStack justify="space-between" wrap="wrap">
                        <Text fontWeight="semibold">#{order.orderNumber}</Text>
                        <Text color="fg.muted" fontSize="sm">
                          {order.customerName ?? order.email}
                        </Text>
                      </HStack>
                      {p.order && (
                        <Text color="fg.error" fontSize="sm" role="alert">
                          {p.order}
                        </Text>
                      )}
                      <CarrierFields
                        inline
                        orderLabel={`#${order.orderNumber}`}
                        value={row}
                        carriers={carriers}
                        errors={p}
                        onChange={(next) => {
                          setRows((current) => ({ ...current, [order.id]: next }));
                          setProblems((current) => ({ ...current, [order.id]: {} }));
                        }}
                      />
                    </Stack>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap" gap="2">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" colorPalette="brand" loading={loading}>
                <Truck aria-hidden="true" /> Mark shipped and email customers
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

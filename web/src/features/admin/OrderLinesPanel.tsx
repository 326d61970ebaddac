import { Box, HStack, Image, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { Download } from "lucide-react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { Alert } from "../../components/ui/recipes/alert";
import { formatMoney } from "./adminFormat";
import { Panel } from "./Panel";

type Line = AdminOrderDetail_OrderFragment["lineItems"][number];

function LinePicture({ line }: { line: Line }) {
  const src = line.design?.previewUrl ?? line.image?.url;
  const alt = line.design ? `Design preview for ${line.title}` : (line.image?.altText ?? "");
  return (
    <Box boxSize={{ base: "16", md: "20" }} flexShrink={0} borderWidth="1px" borderRadius="md" overflow="hidden" bg="bg.muted">
      {src && <Image src={src} alt={alt} boxSize="full" objectFit="contain" loading="lazy" />}
    </Box>
  );
}

/**
 * A design whose picture may print blurry, said before anyone sends it to the printer: its
 * resolution at its printed size and the warning the customer was shown.
 */
function LowResolutionNotice({ design }: { design: NonNullable<Line["design"]> }) {
  if (!design.printWarning) return null;
  return (
    <Alert.Root status="warning" size="sm" borderRadius="md" mt="1">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{design.printDpi === null ? "Low resolution" : `Low resolution: ${design.printDpi} DPI at its printed size`}</Alert.Title>
        <Alert.Description>{design.printWarning}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** What was bought: each line's picture (the customer's design when there is one), its print file and any print-quality warning. */
export function OrderLinesPanel({ order }: { order: AdminOrderDetail_OrderFragment }) {
  return (
    <Panel title="Items" id="order-items">
      <Stack as="ul" listStyleType="none" gap="4">
        {order.lineItems.map((line) => (
          <HStack as="li" key={line.id} align="start" gap="3">
            <LinePicture line={line} />
            <Stack gap="1" flex="1" minW="0">
              <Text fontWeight="medium">{line.title}</Text>
              {line.variantTitle && (
                <Text fontSize="sm" color="fg.muted">
                  {line.variantTitle}
                </Text>
              )}
              <Text fontSize="sm">
                {line.quantity} × {formatMoney(line.originalUnitPrice)}
              </Text>
              {line.design && (
                <ChakraLink href={line.design.printFileUrl} download aria-label={`Download print file for ${line.title}`} fontSize="sm" color="brand.fg" alignSelf="start">
                  <Download size={14} aria-hidden="true" /> Download print file
                </ChakraLink>
              )}
              {line.design && <LowResolutionNotice design={line.design} />}
            </Stack>
            <Text fontWeight="medium" whiteSpace="nowrap">
              {formatMoney(line.originalTotalPrice)}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Panel>
  );
}

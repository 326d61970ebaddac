import { Box, Button, Heading, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { ImagePlus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import type { AdminProductEditor_ProductFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { PrintAreaEditor } from "./PrintAreaEditor";
import { IMAGE_TYPES } from "./useImageUpload";
import { colorKey, useMockupUpload, useProductMockups, type MockupOutcome, type MockupUploadState } from "./useProductMockups";

type Product = AdminProductEditor_ProductFragment;
type Mockup = Product["mockups"][number];

const TITLE = "Mock-ups and print area";

/** The colours a product has blanks for: its Color option's values, or one blank (null) without one. */
function colorsOf(product: Pick<Product, "options">): (string | null)[] {
  return product.options.find((o) => o.name.toLowerCase() === "color")?.values ?? [null];
}

const blankName = (color: string | null) => (color ? `blank for ${color}` : "blank");

interface BlankRowProps {
  color: string | null;
  mockup: Mockup | null;
  upload: MockupUploadState | undefined;
  removing: boolean;
  onFile?(file: File): void;
  onDismiss(): void;
  onRemove(): Promise<MockupOutcome>;
}

/** One colour: its blank (or none yet), Upload or Replace, and Remove after confirming. */
function BlankRow({ color, mockup, upload, removing, onFile, onDismiss, onRemove }: BlankRowProps) {
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  // Where focus goes when the confirmation closes (its buttons are gone): Upload after a removal, Remove after Keep.
  const uploadButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<"upload" | "remove" | null>(null);
  useEffect(() => {
    if (confirming || !focusNext) return;
    (focusNext === "upload" ? uploadButton : removeButton).current?.focus();
    // Focus moved; the request is done.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFocusNext(null);
  }, [confirming, focusNext]);
  const name = blankName(color);
  const percent = upload ? Math.round(upload.progress * 100) : 0;
  return (
    <Box as="li" aria-label={color ?? "The blank"} borderWidth="1px" borderRadius="md" p="3">
      <HStack gap="3" align="start">
        {mockup ? (
          <Image src={mockup.url} alt={`The ${name}`} boxSize="20" objectFit="contain" borderRadius="md" bg="bg.muted" flexShrink={0} />
        ) : (
          <Box boxSize="20" borderRadius="md" borderWidth="1px" borderStyle="dashed" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
            <Text fontSize="xs" color="fg.muted" textAlign="center">
              No blank yet
            </Text>
          </Box>
        )}
        <Stack gap="2" flex="1" minW="0">
          <Text fontWeight="medium">{color ?? "The product's blank"}</Text>
          {mockup && (
            <Text fontSize="xs" color="fg.muted">
              {mockup.width} × {mockup.height} px
            </Text>
          )}
          {upload &&
            (upload.error ? (
              <HStack gap="2" align="start">
                <Text fontSize="sm" color="fg.error" role="alert" flex="1">
                  {upload.error}
                </Text>
                <Button size="xs" variant="ghost" onClick={onDismiss} aria-label={`Dismiss the ${name}'s upload`}>
                  <X aria-hidden="true" />
                </Button>
              </HStack>
            ) : (
              <Box role="progressbar" aria-label={`Uploading the ${name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} height="2" borderRadius="full" bg="bg.muted" overflow="hidden">
                <Box height="full" width={`${percent}%`} bg="brand.solid" />
              </Box>
            ))}
          {confirming ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label={`Confirm removing the ${name}`}>
              <Text fontSize="sm">Remove this blank?</Text>
              <Button size="xs" colorPalette="red" loading={removing} onClick={() => void onRemove().then(() => (setFocusNext("upload"), setConfirming(false)))}>
                Remove blank
              </Button>
              <Button size="xs" variant="ghost" onClick={() => (setFocusNext("remove"), setConfirming(false))} autoFocus>
                Keep
              </Button>
            </HStack>
          ) : (
            <HStack gap="2" wrap="wrap">
              {onFile && (
                <Button ref={uploadButton} size="xs" variant="outline" onClick={() => input.current?.click()} loading={Boolean(upload && !upload.error)} aria-label={`${mockup ? "Replace" : "Upload"} the ${name}`}>
                  <ImagePlus aria-hidden="true" /> {mockup ? "Replace" : "Upload"}
                </Button>
              )}
              {mockup && (
                <Button ref={removeButton} size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)} disabled={removing} aria-label={`Remove the ${name}`}>
                  Remove
                </Button>
              )}
            </HStack>
          )}
          {onFile && (
            <input
              ref={input}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              hidden
              aria-label={`Image for the ${name}`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) onFile(file);
                event.target.value = "";
              }}
            />
          )}
        </Stack>
      </HStack>
    </Box>
  );
}

/**
 * What the design studio prints on, for a customisable product: a blank mock-up (the item without a
 * design) per value of its Color option, or one for a product without one, each uploaded, replaced
 * or removed at once; and the print area on them. Shown while the product is customisable.
 */
export function MockupsPanel({ product, customizable }: { product: Product | null; customizable: boolean }) {
  if (!customizable) return null;
  if (!product) {
    return (
      <Panel title={TITLE} id="product-mockups">
        <Text color="fg.muted" fontSize="sm">
          Save the product to add its blank mock-ups and print area.
        </Text>
      </Panel>
    );
  }
  return <Mockups product={product} />;
}

function Mockups({ product }: { product: Product }) {
  const actions = useProductMockups(product.id);
  const { uploads, upload, dismiss } = useMockupUpload(product.id, actions.refresh);
  const offered = new Map(product.mockups.filter((m) => m.offered).map((m) => [colorKey(m.color), m]));
  const colors = colorsOf(product);
  const blanks = colors.flatMap((color) => offered.get(colorKey(color)) ?? []);
  const retired = product.mockups.filter((m) => !m.offered);
  return (
    <Panel title={TITLE} id="product-mockups">
      <Text fontSize="sm" color="fg.muted">
        The design studio shows a shopper's design on the blank of the colour they choose (the item without any design: JPEG, PNG or WebP), inside the print area.
      </Text>
      <Heading as="h3" size="sm" id="product-blanks">
        Blanks
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2" aria-labelledby="product-blanks">
        {colors.map((color) => (
          <BlankRow
            key={colorKey(color)}
            color={color}
            mockup={offered.get(colorKey(color)) ?? null}
            upload={uploads[colorKey(color)]}
            removing={actions.removing}
            onFile={(file) => void upload(color, file)}
            onDismiss={() => dismiss(color)}
            onRemove={() => actions.removeMockup(color)}
          />
        ))}
      </Stack>
      {retired.length > 0 && (
        <>
          <Text fontSize="sm" color="fg.muted" id="product-retired-blanks">
            Blanks of colours the product no longer offers (shoppers do not see them; they show again if the colour comes back):
          </Text>
          <Stack as="ul" listStyleType="none" gap="2" aria-labelledby="product-retired-blanks">
            {retired.map((m) => (
              <BlankRow key={colorKey(m.color)} color={m.color} mockup={m} upload={undefined} removing={actions.removing} onDismiss={() => undefined} onRemove={() => actions.removeMockup(m.color)} />
            ))}
          </Stack>
        </>
      )}
      <PrintAreaEditor key={JSON.stringify(product.printArea)} saved={product.printArea} blanks={blanks} saving={actions.saving} onSave={actions.setPrintArea} />
    </Panel>
  );
}

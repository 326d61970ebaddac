import { Button, Grid } from "@chakra-ui/react";
import { Download, RotateCcw, ShoppingCart } from "lucide-react";

interface StudioActionsProps {
  onReset(): void;
  onDownload(): void;
  onAddToCart(): void;
  downloading: boolean;
  adding: boolean;
}

/** Reset Design, Download and Add to Cart. */
export function StudioActions({ onReset, onDownload, onAddToCart, downloading, adding }: StudioActionsProps) {
  return (
    <Grid templateColumns={{ base: "1fr 1fr", sm: "minmax(0, 1fr) auto auto" }} gap="3">
      <Button colorPalette="brand" size="lg" gridColumn={{ base: "span 2", sm: "auto" }} onClick={onAddToCart} loading={adding} loadingText="Uploading design…">
        <ShoppingCart aria-hidden="true" /> Add to Cart
      </Button>
      <Button variant="outline" size="lg" onClick={onDownload} loading={downloading} loadingText="Preparing…">
        <Download aria-hidden="true" /> Download
      </Button>
      <Button variant="outline" size="lg" onClick={onReset} disabled={adding}>
        <RotateCcw aria-hidden="true" /> Reset Design
      </Button>
    </Grid>
  );
}

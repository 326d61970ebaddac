import { Group, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { useDraft } from "../lib/useDraft";

interface QuantityStepperProps {
  value: number;
  onChange(quantity: number): void;
  /** What the quantity is of, for screen readers: "Quantity of Filibuster Fuel Mug". */
  label: string;
  /** The most the store accepts for one line (`shop.maxLineQuantity`); null when not known. */
  max?: number | null;
  size?: "xs" | "sm" | "md";
}

/**
 * spec §5: minimum 1 (the minus button is disabled at 1). The spec sets no maximum, the store does
 *: at `max` the plus button stops, a larger typed number becomes `max`, and a note under
 * the field says why.
 */
export function QuantityStepper({ value, onChange, label, max = null, size = "sm" }: QuantityStepperProps) {
  const [text, setText] = useDraft(value, String);
  const noteId = useId();
  const atMax = max !== null && value >= max;

  const commit = () => {
    const typed = Number(text);
    if (!Number.isInteger(typed) || typed < 1) {
      setText(String(value));
      return;
    }
    const quantity = max !== null ? Math.min(typed, max) : typed;
    setText(String(quantity));
    if (quantity !== value) onChange(quantity);
  };

  return (
    <Stack gap="1" align="start">
      <Group attached role="group" aria-label={label}>
        <IconButton aria-label="Decrease quantity" variant="outline" size={size} disabled={value <= 1} onClick={() => onChange(value - 1)}>
          <Minus />
        </IconButton>
        <Input
          aria-label={label}
          aria-describedby={atMax ? noteId : undefined}
          size={size}
          width={text.length > 3 ? "4.75rem" : "3.5rem"}
          textAlign="center"
          inputMode="numeric"
          pattern="[0-9]*"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[^0-9]/g, ""))}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
          }}
        />
        <IconButton aria-label="Increase quantity" variant="outline" size={size} disabled={atMax} onClick={() => onChange(value + 1)}>
          <Plus />
        </IconButton>
      </Group>
      {/* Always present, so the note is announced when it appears. */}
      <Text id={noteId} fontSize="xs" color="fg.muted" role="status" display={atMax ? undefined : "none"}>
        {atMax ? `Maximum ${max.toLocaleString("en-US")} per item` : null}
      </Text>
    </Stack>
  );
}

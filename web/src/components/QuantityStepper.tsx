import { Group, IconButton, Input } from "@chakra-ui/react";
import { Minus, Plus } from "lucide-react";
import { useEffect, useState } from "react";

interface QuantityStepperProps {
  value: number;
  onChange(quantity: number): void;
  /** What the quantity is of, for screen readers: "Quantity of Filibuster Fuel Mug". */
  label: string;
  size?: "xs" | "sm" | "md";
}

/** spec §5: minimum 1 (the minus button is disabled at 1), no maximum. */
export function QuantityStepper({ value, onChange, label, size = "sm" }: QuantityStepperProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = () => {
    const typed = Number(text);
    if (Number.isInteger(typed) && typed >= 1) onChange(typed);
    else setText(String(value));
  };

  return (
    <Group attached role="group" aria-label={label}>
      <IconButton aria-label="Decrease quantity" variant="outline" size={size} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        <Minus />
      </IconButton>
      <Input
        aria-label={label}
        size={size}
        width="3.5rem"
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
      <IconButton aria-label="Increase quantity" variant="outline" size={size} onClick={() => onChange(value + 1)}>
        <Plus />
      </IconButton>
    </Group>
  );
}

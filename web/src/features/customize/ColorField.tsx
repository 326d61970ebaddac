import { chakra, HStack, Input, Stack } from "@chakra-ui/react";
import { useId } from "react";
import { useDraft } from "../../lib/useDraft";
import { isHexColor } from "./designState";

interface ColorFieldProps {
  label: string;
  value: string;
  onChange(color: string): void;
}

/**
 * A colour: the browser's colour picker, and the same colour as a hex code to type (the picker's
 * dialog differs by browser; a code is exact and works from the keyboard everywhere).
 */
export function ColorField({ label, value, onChange }: ColorFieldProps) {
  const [text, setText] = useDraft(value, (color) => color);
  const colorId = useId();

  return (
    <Stack gap="1.5">
      <chakra.label htmlFor={colorId} fontSize="sm" fontWeight="medium">
        {label}
      </chakra.label>
      <HStack gap="2">
        <chakra.input
          id={colorId}
          type="color"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value.toLowerCase())}
          width="12"
          height="10"
          padding="1"
          flexShrink={0}
          borderWidth="1px"
          borderColor="border"
          borderRadius="md"
          bg="bg.panel"
          cursor="pointer"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
        />
        <Input
          aria-label={`${label} (hex code)`}
          value={text}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          fontFamily="mono"
          width="28"
          onChange={(e) => {
            const typed = e.currentTarget.value.trim();
            setText(typed);
            const hex = typed.startsWith("#") ? typed : `#${typed}`;
            if (isHexColor(hex)) onChange(hex.toLowerCase());
          }}
          onBlur={() => setText(value)}
        />
      </HStack>
    </Stack>
  );
}

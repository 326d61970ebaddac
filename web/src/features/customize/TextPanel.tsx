import { Button, chakra, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { AlignCenter, AlignLeft, AlignRight, Bold, Italic } from "lucide-react";
import { useId, type ReactNode } from "react";
import { ChoiceGroup } from "./ChoiceGroup";
import { ColorField } from "./ColorField";
import { MAX_TEXT_LENGTH, TEXT_SIZE, clampTextSize, type DesignState, type TextAlign, type TextPosition } from "./designState";

interface TextPanelProps {
  design: DesignState;
  onChange(patch: Partial<DesignState>): void;
  /** The size the text is drawn at when the chosen size does not fit the canvas. */
  fittedSize: number | null;
}

const POSITIONS = [
  { value: "top", label: "Top" },
  { value: "center", label: "Center" },
  { value: "bottom", label: "Bottom" },
] as const satisfies readonly { value: TextPosition; label: string }[];

const ALIGNMENTS = [
  { value: "left", label: "Left", icon: <AlignLeft aria-hidden="true" /> },
  { value: "center", label: "Center", icon: <AlignCenter aria-hidden="true" /> },
  { value: "right", label: "Right", icon: <AlignRight aria-hidden="true" /> },
] as const satisfies readonly { value: TextAlign; label: string; icon: ReactNode }[];

/** Text tab: the words, their colour, size, position, alignment, bold and italic. */
export function TextPanel({ design, onChange, fittedSize }: TextPanelProps) {
  const sizeId = useId();
  const styleId = useId();
  return (
    <Stack gap="5">
      <Field.Root>
        <Field.Label>Text</Field.Label>
        <Input
          value={design.text}
          maxLength={MAX_TEXT_LENGTH}
          placeholder="Your caption"
          onChange={(e) => onChange({ text: e.currentTarget.value })}
        />
        <Field.HelperText>
          {design.text.length}/{MAX_TEXT_LENGTH} characters. Long text wraps to the next line.
        </Field.HelperText>
      </Field.Root>

      <ColorField label="Text color" value={design.textColor} onChange={(textColor) => onChange({ textColor })} />

      <Stack gap="1.5">
        <HStack justify="space-between">
          <chakra.label htmlFor={sizeId} fontSize="sm" fontWeight="medium">
            Text size
          </chakra.label>
          <Text as="output" fontSize="sm" color="fg.muted" aria-hidden="true">
            {design.textSize} px
          </Text>
        </HStack>
        {/* spec §5: 12–72, step 1. A native range input: arrow keys, Page Up/Down, Home/End. */}
        <chakra.input
          id={sizeId}
          type="range"
          min={TEXT_SIZE.min}
          max={TEXT_SIZE.max}
          step={TEXT_SIZE.step}
          value={design.textSize}
          aria-valuetext={`${design.textSize} pixels`}
          onChange={(e) => onChange({ textSize: clampTextSize(e.currentTarget.value) })}
          width="full"
          height="6"
          cursor="pointer"
          css={{ accentColor: "var(--chakra-colors-brand-solid)" }}
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing", outlineOffset: "2px" }}
        />
        {fittedSize !== null && (
          <Text fontSize="sm" color="fg.muted" role="status">
            Shown at {fittedSize} px so the whole text fits on the design.
          </Text>
        )}
      </Stack>

      <ChoiceGroup legend="Position" choices={POSITIONS} value={design.textPosition} onChange={(textPosition) => onChange({ textPosition })} />
      <ChoiceGroup legend="Alignment" choices={ALIGNMENTS} value={design.textAlign} onChange={(textAlign) => onChange({ textAlign })} />

      <Stack gap="2">
        <Text fontWeight="medium" fontSize="sm" id={styleId}>
          Style
        </Text>
        <HStack gap="2" role="group" aria-labelledby={styleId}>
          <Button
            size="sm"
            variant={design.textBold ? "solid" : "outline"}
            colorPalette={design.textBold ? "brand" : "gray"}
            aria-pressed={design.textBold}
            onClick={() => onChange({ textBold: !design.textBold })}
          >
            <Bold aria-hidden="true" /> Bold
          </Button>
          <Button
            size="sm"
            variant={design.textItalic ? "solid" : "outline"}
            colorPalette={design.textItalic ? "brand" : "gray"}
            aria-pressed={design.textItalic}
            onClick={() => onChange({ textItalic: !design.textItalic })}
          >
            <Italic aria-hidden="true" /> Italic
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}

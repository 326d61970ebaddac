import { Button, Field, Grid, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useState, type KeyboardEvent } from "react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { FormProblem } from "../../auth/FormProblem";
import type { AdminProductEditor_ProductFragment, PrintAreaInput } from "../gql/graphql";
import { PRINT_DPI, draftFieldOf, printAreaDraftOf, printFileOf, readPrintArea, samePrintArea, type PrintAreaDraft, type PrintAreaField } from "./printAreaDraft";
import { PrintAreaPreview } from "./PrintAreaPreview";
import { colorKey, type MockupOutcome } from "./useProductMockups";

type Product = AdminProductEditor_ProductFragment;
type Mockup = Product["mockups"][number];

const FIELDS: { field: PrintAreaField; label: string; help: string }[] = [
  { field: "x", label: "Left edge (%)", help: "From the blank's left, in % of its width." },
  { field: "y", label: "Top edge (%)", help: "From the blank's top, in % of its height." },
  { field: "width", label: "Width (%)", help: "In % of the blank's width." },
  { field: "height", label: "Height (%)", help: "In % of the blank's height." },
  { field: "widthInches", label: "Print width (in)", help: "The printed width: 1 to 20 inches." },
  { field: "heightInches", label: "Print height (in)", help: "The printed height: 1 to 20 inches." },
];

interface PrintAreaEditorProps {
  saved: Product["printArea"];
  /** The blanks of the colours the product offers, in the Color option's order. */
  blanks: readonly Mockup[];
  saving: boolean;
  onSave(printArea: PrintAreaInput | null): Promise<MockupOutcome>;
}

/**
 * The print area: where a design goes on the blanks (in % of a blank) and the size it prints at (in
 * inches), with a preview on a chosen blank and the print file's size; saved or removed at once.
 * The gateway judges the numbers and names the field at fault. Give it a `key` of the saved print
 * area: a saved change starts it afresh.
 */
export function PrintAreaEditor({ saved, blanks, saving, onSave }: PrintAreaEditorProps) {
  const [draft, setDraft] = useState<PrintAreaDraft>(() => printAreaDraftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<PrintAreaField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [previewKey, setPreviewKey] = useState(() => (blanks[0] ? colorKey(blanks[0].color) : ""));
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const blank = blanks.find((m) => colorKey(m.color) === previewKey) ?? blanks[0] ?? null;
  const file = printFileOf(draft);
  const unchanged = samePrintArea(draft, saved);

  const change = (changes: Partial<PrintAreaDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(changes) as PrintAreaField[]) delete next[field];
      return next;
    });
    setProblem(null);
  };

  const answer = (outcome: MockupOutcome) => {
    if (outcome.ok) return;
    const byField: Partial<Record<PrintAreaField, string>> = {};
    const general: string[] = [];
    for (const error of outcome.errors) {
      const field = draftFieldOf(error.field);
      if (field) byField[field] = error.message;
      else general.push(error.message);
    }
    setErrors(byField);
    setProblem(general.length > 0 ? general.join(" ") : null);
  };

  const save = async () => {
    const { values, errors: local } = readPrintArea(draft);
    if (!values) return setErrors(local);
    answer(await onSave(values));
  };

  const remove = async () => {
    const outcome = await onSave(null);
    setConfirmingRemove(false);
    answer(outcome);
  };

  // Enter saves the print area (not the product's form around it).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void save();
  };

  const where = blank ? (blank.color ? `the ${blank.color} blank` : "the blank") : "an empty square";
  return (
    <Stack gap="3" as="section" aria-labelledby="product-print-area">
      <Heading as="h3" size="sm" id="product-print-area">
        Print area
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {saved
          ? "The studio fits a design area of the print's shape inside the rectangle; the print file is the print area at 300 DPI."
          : "No print area yet: the studio lets shoppers use its whole canvas. Adjust this suggestion and save it."}
      </Text>
      <Stack direction={{ base: "column", md: "row" }} gap="4" align="start">
        <Stack gap="2" flex="1" width="full">
          {blanks.length > 1 && (
            <Field.Root>
              <Field.Label>Preview on</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={blank ? colorKey(blank.color) : ""} onChange={(e) => setPreviewKey(e.target.value)}>
                  {blanks.map((m) => (
                    <option key={colorKey(m.color)} value={colorKey(m.color)}>
                      {m.color ?? "The blank"}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
          <PrintAreaPreview
            draft={draft}
            blank={blank}
            label={`Preview: the print area on ${where}`}
            onMove={(box) => change({ x: String(box.left), y: String(box.top), width: String(box.width), height: String(box.height) })}
          />
        </Stack>
        <Stack gap="3" flex="1" width="full">
          <Grid templateColumns="repeat(2, minmax(0, 1fr))" gap="3">
            {FIELDS.map(({ field, label, help }) => (
              <Field.Root key={field} invalid={Boolean(errors[field])}>
                <Field.Label>{label}</Field.Label>
                <Input type="number" inputMode="decimal" step="any" size="sm" value={draft[field]} onChange={(e) => change({ [field]: e.target.value })} onKeyDown={onKeyDown} />
                {errors[field] ? <Field.ErrorText>{errors[field]}</Field.ErrorText> : <Field.HelperText>{help}</Field.HelperText>}
              </Field.Root>
            ))}
          </Grid>
          <Text fontSize="sm" fontWeight="medium" aria-live="polite">
            {file ? `Print file: ${file.width} × ${file.height} px at ${PRINT_DPI} DPI` : "Print file: give the print's width and height in inches."}
          </Text>
          {file?.tooLarge && (
            <Text fontSize="sm" color="fg.error">
              That is more than 16 megapixels, more than a phone's canvas can hold: make the print area smaller in inches.
            </Text>
          )}
          <FormProblem message={problem} />
          {confirmingRemove ? (
            <HStack gap="2" wrap="wrap" role="group" aria-label="Confirm removing the print area">
              <Text fontSize="sm">Remove the print area? The studio will use its whole canvas.</Text>
              <Button size="sm" colorPalette="red" loading={saving} onClick={() => void remove()}>
                Remove print area
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirmingRemove(false)} autoFocus>
                Keep
              </Button>
            </HStack>
          ) : (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" onClick={() => void save()} loading={saving} disabled={unchanged}>
                Save print area
              </Button>
              {saved && (
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setConfirmingRemove(true)} disabled={saving} aria-label="Remove the print area">
                  Remove
                </Button>
              )}
            </HStack>
          )}
        </Stack>
      </Stack>
    </Stack>
  );
}

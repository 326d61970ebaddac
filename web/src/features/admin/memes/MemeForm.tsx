import { Box, Field, Grid, Stack } from "@chakra-ui/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Alert } from "../../../components/ui/recipes/alert";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { FormProblem } from "../../auth/FormProblem";
import { TextField } from "../../auth/TextField";
import type { AdminMemeEditor_MemeFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { SaveBar } from "../SaveBar";
import { DeleteMemePanel, MemeOfTheWeekPanel } from "./MemeActionsPanels";
import { MemeImageField } from "./MemeImageField";
import { checkDraft, draftOf, hasChanges, inputOf, NEW_MEME, placeErrors, type MemeDraft, type MemeErrors } from "./memeDraft";
import { LeaveDialog } from "../LeaveDialog";
import { useLeaveGuard } from "../useLeaveGuard";
import { ProductPicker } from "./ProductPicker";
import { useMemeMutations } from "./useMemeMutations";

const NO_ERRORS: MemeErrors = { byField: {}, general: [] };

/**
 * A meme's form: title, description, tags, its product and its image, saved together (the image
 * uploaded after the fields). A new meme needs its image: it is created, then its image uploaded,
 * and opens as itself; if the upload is refused it stays hidden from shoppers, its editor saying so.
 */
export function MemeForm({ meme }: { meme: AdminMemeEditor_MemeFragment | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<MemeDraft>(() => (meme ? draftOf(meme) : NEW_MEME));
  const [draft, setDraft] = useState<MemeDraft>(saved);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<MemeErrors>(NO_ERRORS);
  const { save, makeMemeOfTheWeek, deleteMeme, saving, featuring, deleting } = useMemeMutations();
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useMemo(() => hasChanges(draft, saved) || image !== null, [draft, saved, image]);
  const guard = useLeaveGuard(dirty);

  useEffect(() => {
    if (Object.keys(errors.byField).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const set = <K extends keyof MemeDraft>(field: K, value: MemeDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e.byField[field] ? { ...e, byField: { ...e.byField, [field]: undefined } } : e));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = checkDraft(draft, meme === null, image);
    if (Object.keys(local.byField).length > 0) return setErrors(local);
    setErrors(NO_ERRORS);
    const outcome = await save(meme?.id ?? null, inputOf(draft), image);
    if (!outcome.ok) return setErrors(placeErrors(outcome.errors));
    if (!meme) return void navigate(`/admin/memes/${encodeURIComponent(outcome.meme.id)}`, { replace: true });
    const next = draftOf(outcome.meme);
    setSaved(next);
    setDraft(next);
    if (outcome.imageProblem) setErrors({ byField: { image: outcome.imageProblem }, general: [] });
    else setImage(null);
  };

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={meme ? "Edit meme" : "Add meme"}>
      <Stack gap="5">
        {meme && !meme.visible && (
          <Alert.Root status="warning" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Shoppers don't see this meme yet</Alert.Title>
              <Alert.Description>It has no image. Choose one and save.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {meme?.unavailableReason && meme.visible && (
          <Alert.Root status="info" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Shoppers see “Not Available” on its card</Alert.Title>
              <Alert.Description>{meme.unavailableReason}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormProblem message={errors.general.length > 0 ? errors.general.join(" ") : null} />
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="5" alignItems="start">
          <Stack gap="5">
            <Panel title="Details" id="meme-details">
              <TextField label="Title" name="title" value={draft.title} onValueChange={(v) => set("title", v)} error={errors.byField.title} maxLength={120} required />
              <Field.Root invalid={Boolean(errors.byField.description)}>
                <Field.Label>Description</Field.Label>
                <Textarea name="description" value={draft.description} onChange={(e) => set("description", e.target.value)} rows={3} maxLength={1000} />
                {errors.byField.description ? <Field.ErrorText>{errors.byField.description}</Field.ErrorText> : <Field.HelperText>A sentence or two, shown on its card.</Field.HelperText>}
              </Field.Root>
              <TextField label="Tags" name="tags" value={draft.tags} onValueChange={(v) => set("tags", v)} error={errors.byField.tags} helperText="Comma-separated topics, shown on its card." autoComplete="off" />
            </Panel>
            <Panel title="Product" id="meme-product">
              <ProductPicker value={draft.product} onChange={(product) => set("product", product)} error={errors.byField.product} />
            </Panel>
          </Stack>
          <Panel title="Image" id="meme-image">
            <MemeImageField
              current={meme?.imageUrl ?? null}
              file={image}
              title={draft.title.trim()}
              error={errors.byField.image}
              onFile={(file) => {
                setImage(file);
                setErrors((e) => (e.byField.image ? { ...e, byField: { ...e.byField, image: undefined } } : e));
              }}
            />
          </Panel>
          {meme && (
            <Box gridColumn={{ lg: "1 / -1" }}>
              <Stack gap="5">
                <MemeOfTheWeekPanel meme={meme} featuring={featuring} onFeature={() => makeMemeOfTheWeek(meme.id, meme.title)} />
                <DeleteMemePanel
                  meme={meme}
                  deleting={deleting}
                  onDelete={async () => {
                    const outcome = await deleteMeme(meme.id, meme.title);
                    if (outcome.ok) navigate("/admin/memes");
                    return outcome;
                  }}
                />
              </Stack>
            </Box>
          )}
        </Grid>
        <SaveBar
          dirty={dirty}
          isNew={meme === null}
          saving={saving}
          createLabel="Create meme"
          onDiscard={() => {
            setDraft(saved);
            setImage(null);
            setErrors(NO_ERRORS);
          }}
        />
      </Stack>
      <LeaveDialog open={guard.asking} what="meme" onStay={guard.stay} onLeave={guard.leave} />
    </form>
  );
}

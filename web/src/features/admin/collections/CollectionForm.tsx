import { Button, Field, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Save } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Textarea } from "../../../components/ui/recipes/textarea";
import { notify } from "../../../components/ui/toaster";
import { FormProblem } from "../../auth/FormProblem";
import type { AdminCollectionEditor_CollectionFragment } from "../gql/graphql";
import { LeaveDialog } from "../LeaveDialog";
import { Panel } from "../Panel";
import { useLeaveGuard } from "../useLeaveGuard";
import { useCollectionMutations } from "./useCollectionMutations";

type Collection = AdminCollectionEditor_CollectionFragment;
type Draft = { title: string; handle: string; description: string };
const FIELDS: (keyof Draft)[] = ["title", "handle", "description"];

const draftOf = (c: Collection | null): Draft => ({ title: c?.title ?? "", handle: c?.handle ?? "", description: c?.description ?? "" });

/**
 * A collection's title, handle and description, saved together by Save (collectionCreate or
 * collectionUpdate); leaving with unsaved changes asks first. The footer's collections keep their
 * handle, so its field is read-only there.
 */
export function CollectionForm({ collection }: { collection: Collection | null }) {
  const navigate = useNavigate();
  const { save, saving } = useCollectionMutations();
  const [saved, setSaved] = useState(() => draftOf(collection));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const handleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const dirty = FIELDS.some((f) => draft[f] !== saved[f]);
  const guard = useLeaveGuard(dirty);
  const locked = collection?.footerLinked ?? false;

  const change = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!draft.title.trim()) {
      setErrors({ title: "Give the collection a title" });
      titleRef.current?.focus();
      return;
    }
    const input = {
      title: draft.title.trim(),
      description: draft.description.trim(),
      ...(draft.handle.trim() && !locked ? { handle: draft.handle.trim() } : {}),
    };
    const done = await save(collection?.id ?? null, input);
    if (!done.ok) {
      const found: Partial<Record<keyof Draft, string>> = {};
      for (const error of done.errors) {
        const field = FIELDS.find((f) => f === error.field);
        if (field) found[field] = error.message;
        else setProblem(error.message);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) ({ title: titleRef, handle: handleRef, description: descriptionRef })[first].current?.focus();
      return;
    }
    const next = draftOf(done.value);
    setSaved(next);
    setDraft(next);
    notify({ title: collection ? "Collection saved" : "Collection created", description: done.value.title, type: "success" });
    if (!collection) navigate(`/admin/collections/${done.value.id}`, { replace: true });
  };

  const discard = () => {
    setDraft(saved);
    setErrors({});
    setProblem(null);
  };

  return (
    <Panel title="Details" id="collection-details">
      <Stack asChild gap="4">
        <form aria-label={collection ? "Edit collection" : "Add collection"} onSubmit={(e) => void submit(e)} noValidate>
        <Field.Root invalid={Boolean(errors.title)} required>
          <Field.Label>Title</Field.Label>
          <Input ref={titleRef} name="title" value={draft.title} maxLength={255} onChange={(e) => change("title", e.target.value)} autoComplete="off" />
          {errors.title && <Field.ErrorText>{errors.title}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.handle)} readOnly={locked}>
          <Field.Label>Handle</Field.Label>
          <Input
            ref={handleRef}
            name="handle"
            value={draft.handle}
            onChange={(e) => change("handle", e.target.value)}
            autoComplete="off"
            spellCheck={false}
            fontFamily="mono"
            fontSize="sm"
          />
          {errors.handle ? (
            <Field.ErrorText>{errors.handle}</Field.ErrorText>
          ) : (
            <Field.HelperText overflowWrap="anywhere">
              {locked
                ? `The shop's footer links to /collections/${saved.handle}, so its handle stays.`
                : draft.handle.trim()
                  ? `Its address: /collections/${draft.handle.trim()}${collection && draft.handle.trim() !== saved.handle ? ` (the old address, /collections/${saved.handle}, stops working)` : ""}`
                  : "Left empty, it is made from the title."}
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label>Description</Field.Label>
          <Textarea ref={descriptionRef} name="description" value={draft.description} maxLength={5000} rows={3} onChange={(e) => change("description", e.target.value)} />
          {errors.description ? <Field.ErrorText>{errors.description}</Field.ErrorText> : <Field.HelperText>Shown under the title on the collection's page and its card.</Field.HelperText>}
        </Field.Root>
        <FormProblem message={problem} />
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="brand" loading={saving}>
            <Save aria-hidden="true" /> {collection ? "Save" : "Create collection"}
          </Button>
          {dirty && collection && (
            <Button variant="ghost" onClick={discard}>
              Discard changes
            </Button>
          )}
          {dirty && (
            <Text fontSize="sm" color="fg.muted" role="status">
              Unsaved changes
            </Text>
          )}
        </HStack>
        </form>
      </Stack>
      <LeaveDialog what="collection" open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </Panel>
  );
}

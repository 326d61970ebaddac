import { Button, Stack } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { nameError } from "../auth/authValidation";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useUpdateDisplayName } from "./useAccountMutations";

export function DisplayNameForm({ current }: { current: string | null }) {
  const [name, setName] = useState(current ?? "");
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const { save, loading } = useUpdateDisplayName();
  const unchanged = name.trim() === (current ?? "");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = nameError(name);
    setError(found?.replace(/^Name/, "Display name"));
    setProblem(null);
    if (found) return;
    const outcome = await save(name);
    if (!outcome.ok) setProblem(outcome.message);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change display name">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField
          label="Display name"
          name="displayName"
          autoComplete="name"
          value={name}
          onValueChange={(v) => {
            setName(v);
            setError(undefined);
          }}
          error={error}
          helperText="How the shop greets you."
        />
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={loading} disabled={unchanged}>
          Save name
        </Button>
      </Stack>
    </form>
  );
}

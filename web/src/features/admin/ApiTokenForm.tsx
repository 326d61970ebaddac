import { Button, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { placeErrors } from "./FulfillForm";
import { SecretOnce } from "./SecretOnce";
import { TOKEN_SCOPES, useApiTokens } from "./useApiTokens";

/** A new token: a name to recognise it by and what it may do; the token itself is shown once. */
export function ApiTokenForm() {
  const { createToken, creating } = useApiTokens();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  if (created) return <SecretOnce label="Your new API token" value={created} onDone={() => setCreated(null)} />;

  const toggle = (scope: string, on: boolean) => {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = "Name the token (e.g. the integration using it)";
    if (scopes.length === 0) found.scopes = "Choose at least one scope";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await createToken(name, scopes);
    if (outcome.ok) {
      setCreated(outcome.token);
      setName("");
      setScopes([]);
      return;
    }
    const placed = placeErrors(outcome.errors, ["name", "scopes"] as const);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create API token">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField label="Token name" name="name" value={name} onValueChange={(v) => (setName(v), setErrors((e) => ({ ...e, name: undefined })))} error={errors.name} />
        <Fieldset.Root invalid={Boolean(errors.scopes)}>
          <Fieldset.Legend>Scopes</Fieldset.Legend>
          <Fieldset.Content>
            {TOKEN_SCOPES.map((scope) => (
              <HStack as="label" key={scope.value} gap="2" cursor="pointer" alignSelf="start">
                <chakra.input
                  type="checkbox"
                  name="scopes"
                  value={scope.value}
                  boxSize="4"
                  accentColor="brand.solid"
                  checked={scopes.includes(scope.value)}
                  onChange={(e) => toggle(scope.value, e.target.checked)}
                />
                <Text as="span" fontFamily="mono" fontSize="sm">
                  {scope.value}
                </Text>
                <Text as="span" fontSize="sm" color="fg.muted">
                  {scope.label}
                </Text>
              </HStack>
            ))}
          </Fieldset.Content>
          {errors.scopes && <Fieldset.ErrorText>{errors.scopes}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={creating}>
          Create token
        </Button>
      </Stack>
    </form>
  );
}

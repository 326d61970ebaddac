import { Button, Stack } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { checkRegister, PASSWORD_HINT, type FieldErrors, type RegisterValues } from "./authValidation";
import { FormProblem } from "./FormProblem";
import { TextField } from "./TextField";
import { useRegister } from "./useRegister";

/** spec §2 Sign-in: the registration form (name, email, password). */
export function RegisterForm({ onRegistered }: { onRegistered(email: string): void }) {
  const [values, setValues] = useState<RegisterValues>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors<keyof RegisterValues>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { createAccount, loading } = useRegister();

  const change = (field: keyof RegisterValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkRegister(values);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await createAccount(values);
    if (outcome.ok) onRegistered(values.email.trim());
    else setProblem(outcome.message);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create account">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField label="Name" name="name" autoComplete="name" value={values.name} onValueChange={(v) => change("name", v)} error={errors.name} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onValueChange={(v) => change("email", v)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onValueChange={(v) => change("password", v)}
          error={errors.password}
          helperText={PASSWORD_HINT}
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Creating account…">
          Create account
        </Button>
      </Stack>
    </form>
  );
}

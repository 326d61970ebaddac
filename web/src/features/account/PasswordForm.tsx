import { Button, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { passwordError, PASSWORD_MIN_LENGTH } from "../auth/authValidation";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useChangePassword } from "./useAccountMutations";

/**
 * Change password: the current one and a new one. An account made with Google may have no password
 * yet; it sets one without a current password (the gateway allows exactly that).
 */
export function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { save, loading } = useChangePassword();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      current: hasPassword && current === "" ? "Current password is required" : undefined,
      next: passwordError(next, "New password"),
    };
    setErrors(found);
    setProblem(null);
    if (found.current || found.next) return;
    const outcome = await save(hasPassword ? current : null, next);
    if (outcome.ok) {
      setCurrent("");
      setNext("");
    } else {
      setProblem(outcome.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={hasPassword ? "Change password" : "Set a password"}>
      <Stack gap="4">
        {!hasPassword && (
          <Text color="fg.muted" fontSize="sm">
            You sign in with Google. Set a password to also sign in with your email.
          </Text>
        )}
        <FormProblem message={problem} />
        {hasPassword && (
          <TextField
            label="Current password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={current}
            onValueChange={(v) => {
              setCurrent(v);
              setErrors((e) => ({ ...e, current: undefined }));
            }}
            error={errors.current}
          />
        )}
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={next}
          onValueChange={(v) => {
            setNext(v);
            setErrors((e) => ({ ...e, next: undefined }));
          }}
          error={errors.next}
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out.`}
        />
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={loading}>
          {hasPassword ? "Change password" : "Set password"}
        </Button>
      </Stack>
    </form>
  );
}

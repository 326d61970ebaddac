import { useMutation } from "@apollo/client/react";
import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { Alert } from "../../components/ui/recipes/alert";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { StaffPasswordResetDocument } from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

const MIN_PASSWORD = 8;

/** /admin/reset-password?token=…: a new password by an emailed link (a reset or an invitation). */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [reset, { loading }] = useMutation(StaffPasswordResetDocument);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < MIN_PASSWORD) found.password = `At least ${MIN_PASSWORD} characters`;
    if (repeat !== password) found.repeat = "The two passwords differ";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    try {
      const { data } = await reset({ variables: { token, password } });
      const payload = data?.staffPasswordReset;
      if (payload?.ok) return setDone(true);
      const error = payload?.userErrors[0];
      if (error?.field === "password") setErrors({ password: error.message });
      else setProblem(error?.message ?? "The password was not set.");
    } catch {
      setProblem(UNREACHABLE);
    }
  };

  return (
    <Box maxW="sm" mx="auto" mt={{ base: "8", md: "16" }} p={{ base: "5", md: "8" }} borderWidth="1px" borderRadius="xl" bg="bg.panel">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Set your password
          </Heading>
          <Text color="fg.muted">For your staff account at the shop admin.</Text>
        </Stack>
        {!token ? (
          <Text role="alert">This page needs the link from your email. Ask for a new one at the sign-in form ("Forgot password?").</Text>
        ) : done ? (
          <Stack gap="4">
            <Alert.Root status="success" borderRadius="md" role="status">
              <Alert.Content>
                <Alert.Title>Password set</Alert.Title>
                <Alert.Description>Sign in with it now. Any other session of yours has ended.</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <Button asChild colorPalette="brand">
              <RouterLink to="/admin">Go to sign in</RouterLink>
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Set a new password">
            <Stack gap="4">
              <FormProblem message={problem} />
              <TextField
                label="New password"
                type="password"
                name="password"
                autoComplete="new-password"
                value={password}
                onValueChange={(value) => (setPassword(value), setErrors((e) => ({ ...e, password: undefined })))}
                error={errors.password}
                helperText={`At least ${MIN_PASSWORD} characters.`}
              />
              <TextField
                label="Repeat the password"
                type="password"
                name="repeat"
                autoComplete="new-password"
                value={repeat}
                onValueChange={(value) => (setRepeat(value), setErrors((e) => ({ ...e, repeat: undefined })))}
                error={errors.repeat}
              />
              <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving…">
                Set password
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
}

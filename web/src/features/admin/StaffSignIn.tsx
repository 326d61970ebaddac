import { Box, Button, chakra, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useStaffLogin } from "./useStaffSession";

type Field = "email" | "password";

/** The admin's door: staff email and password (a customer account does not open it). */
export function StaffSignIn() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { signIn, loading } = useStaffLogin();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!email.trim()) found.email = "Enter your staff email";
    if (!password) found.password = "Enter your password";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await signIn({ email, password, rememberMe });
    if (!outcome.ok) setProblem(outcome.message);
  };

  return (
    <Box maxW="sm" mx="auto" mt={{ base: "8", md: "16" }} p={{ base: "5", md: "8" }} borderWidth="1px" borderRadius="xl" bg="bg.panel">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Shop admin
          </Heading>
          <Text color="fg.muted">Sign in with your staff account.</Text>
        </Stack>
        <form onSubmit={submit} noValidate aria-label="Staff sign in">
          <Stack gap="4">
            <FormProblem message={problem} />
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onValueChange={(value) => {
                setEmail(value);
                setErrors((e) => ({ ...e, email: undefined }));
              }}
              error={errors.email}
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                setErrors((e) => ({ ...e, password: undefined }));
              }}
              error={errors.password}
            />
            <HStack as="label" gap="2" cursor="pointer" alignSelf="start">
              <chakra.input
                type="checkbox"
                name="rememberMe"
                boxSize="4"
                accentColor="brand.solid"
                checked={rememberMe}
                onChange={(e) => setRememberMe(e.target.checked)}
              />
              <Text as="span" fontSize="sm">
                Remember me
              </Text>
            </HStack>
            <Button type="submit" colorPalette="brand" loading={loading} loadingText="Signing in…">
              Sign in
            </Button>
          </Stack>
        </form>
      </Stack>
    </Box>
  );
}

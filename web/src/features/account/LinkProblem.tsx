import { Button, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/recipes/alert";

/** Why an emailed link did not work (used, expired, not valid), with the way to a new one. */
export function LinkProblem({ title, message, action }: { title: string; message: string; action: { label: string; to: string } | { label: string; onClick(): void; loading?: boolean } | null }) {
  return (
    <Stack gap="4">
      <Alert.Root status="warning" borderRadius="md" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>
            <Text>{message}</Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {action &&
        ("to" in action ? (
          <Button asChild colorPalette="brand" alignSelf="start">
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ) : (
          <Button colorPalette="brand" alignSelf="start" onClick={action.onClick} loading={action.loading}>
            {action.label}
          </Button>
        ))}
    </Stack>
  );
}

/** The headline for a refused link's code (TOKEN_USED, TOKEN_EXPIRED, TOKEN_INVALID, …). */
export function linkProblemTitle(code: string): string {
  if (code === "TOKEN_USED") return "This link has been used already";
  if (code === "TOKEN_EXPIRED") return "This link has expired";
  if (code === "TOKEN_INVALID") return "This link is not valid";
  return "This link did not work";
}

/** The forgot-password page, with the email filled in when known. */
export function forgotPasswordPath(email?: string | null): string {
  return email ? `/account/forgot-password?email=${encodeURIComponent(email)}` : "/account/forgot-password";
}

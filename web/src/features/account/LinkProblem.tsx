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

/** Why a refused link (TOKEN_USED, TOKEN_EXPIRED, TOKEN_INVALID, …) did not work: a headline and what to do, without the headline said twice. */
export function linkProblem(code: string, message: string): { title: string; message: string } {
  if (code === "TOKEN_USED") return { title: "This link has been used already", message: "Each link works once. Ask for a new one if you need it." };
  if (code === "TOKEN_EXPIRED") return { title: "This link has expired", message: "Links work for a limited time. Ask for a new one." };
  if (code === "TOKEN_INVALID") return { title: "This link is not valid", message: "It may be mistyped, cut short, or replaced by a newer email. Ask for a new one." };
  return { title: "This link did not work", message };
}

/** The forgot-password page, with the email filled in when known. */
export function forgotPasswordPath(email?: string | null): string {
  return email ? `/account/forgot-password?email=${encodeURIComponent(email)}` : "/account/forgot-password";
}

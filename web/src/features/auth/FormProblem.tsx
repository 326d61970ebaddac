import { Alert } from "../../components/ui/recipes/alert";

/** The gateway's answer when it refused a form, shown above the form's fields. */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="md" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}

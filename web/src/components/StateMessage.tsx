import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** spec §8: a load failure, with Try Again reloading the page (or running `onRetry`, e.g. a refetch). */
/** A state's title is a heading one level below the screen's (h2 right under a page's h1, else h3). */
type StateHeading = "h2" | "h3";

export function ErrorState({
  title,
  description,
  retry = true,
  onRetry,
  headingLevel = "h3",
}: {
  title: string;
  description?: string;
  retry?: boolean;
  onRetry?(): void;
  headingLevel?: StateHeading;
}) {
  return (
    <Stack role="alert" align="center" textAlign="center" gap="3" py="10" px="4" borderWidth="1px" borderRadius="lg" bg="bg.panel">
      <Heading as={headingLevel} size="md">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
      {retry && (
        <Button variant="outline" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
          Try Again
        </Button>
      )}
    </Stack>
  );
}

export function EmptyState({
  title,
  description,
  children,
  headingLevel = "h3",
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  headingLevel?: StateHeading;
}) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <Heading as={headingLevel} size="md">
        {title}
      </Heading>
      {description && <Text color="fg.muted">{description}</Text>}
      {children}
    </Stack>
  );
}

import { Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Alert } from "../../components/ui/recipes/alert";
import { Check, Copy } from "lucide-react";
import { useState } from "react";

/** A secret the gateway answers once (an API token, a webhook's signing secret), with a copy button. */
export function SecretOnce({ label, value, onDone }: { label: string; value: string; onDone(): void }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <Alert.Root status="success" borderRadius="md" role="region" aria-label={label}>
      <Alert.Content>
        <Stack gap="2" width="full">
          <Alert.Title>{label}</Alert.Title>
          <Text fontSize="sm">Copy it now: it is shown only once and cannot be read again.</Text>
          <HStack gap="2">
            <Input readOnly value={value} aria-label={label} fontFamily="mono" fontSize="sm" bg="bg.panel" onFocus={(e) => e.target.select()} />
            <Button variant="outline" bg="bg.panel" onClick={() => void copy()}>
              {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === "yes" ? "Copied" : "Copy"}
            </Button>
          </HStack>
          {copied === "no" && (
            <Text fontSize="sm" color="fg.error">
              The browser did not allow copying: select the text and copy it yourself.
            </Text>
          )}
          <Button size="sm" variant="ghost" alignSelf="start" onClick={onDone}>
            Done
          </Button>
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

import { Button, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import { useState, type FormEvent } from "react";
import type { WebhookTopic } from "./gql/graphql";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { placeErrors } from "./FulfillForm";
import { SecretOnce } from "./SecretOnce";
import { useWebhooks, WEBHOOK_TOPICS } from "./useWebhooks";

function isWebAddress(value: string): boolean {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A new subscription: where to POST and which events; the signing secret is shown once. */
export function WebhookForm() {
  const { createSubscription, creating } = useWebhooks();
  const [url, setUrl] = useState("");
  const [topics, setTopics] = useState<WebhookTopic[]>([]);
  const [errors, setErrors] = useState<{ url?: string; topics?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  if (secret) return <SecretOnce label="Signing secret of the new webhook" value={secret} onDone={() => setSecret(null)} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isWebAddress(url.trim())) found.url = "Enter the address to send events to, starting with https://";
    if (topics.length === 0) found.topics = "Choose at least one event";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await createSubscription(url, topics);
    if (outcome.ok) {
      setSecret(outcome.secret);
      setUrl("");
      setTopics([]);
      return;
    }
    const placed = placeErrors(outcome.errors, ["url", "topics"] as const);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create webhook">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField
          label="Endpoint URL"
          name="url"
          type="url"
          placeholder="https://example.com/hooks/shop"
          value={url}
          onValueChange={(v) => (setUrl(v), setErrors((e) => ({ ...e, url: undefined })))}
          error={errors.url}
        />
        <Fieldset.Root invalid={Boolean(errors.topics)}>
          <Fieldset.Legend>Events</Fieldset.Legend>
          <Fieldset.Content>
            {WEBHOOK_TOPICS.map((topic) => (
              <HStack as="label" key={topic.value} gap="2" cursor="pointer" alignSelf="start">
                <chakra.input
                  type="checkbox"
                  name="topics"
                  value={topic.value}
                  boxSize="4"
                  accentColor="brand.solid"
                  checked={topics.includes(topic.value)}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setTopics((current) => (on ? [...current, topic.value] : current.filter((t) => t !== topic.value)));
                    setErrors((er) => ({ ...er, topics: undefined }));
                  }}
                />
                <Text as="span" fontSize="sm">
                  {topic.label}
                </Text>
                <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted">
                  {topic.value}
                </Text>
              </HStack>
            ))}
          </Fieldset.Content>
          {errors.topics && <Fieldset.ErrorText>{errors.topics}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={creating}>
          Create webhook
        </Button>
      </Stack>
    </form>
  );
}

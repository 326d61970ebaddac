import {
  Box,
  Button,
  Container,
  createRecipeContext,
  createSlotRecipeContext,
  Heading,
  Stack,
  Text,
  type HTMLChakraProps,
  type RecipeProps,
} from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { useSubscribeNewsletter } from "./useSubscribeNewsletter";
import { ON_NAVY } from "../../theme/onNavy";

// The home page's one form field, styled by the system's `field` and `input` recipes as
// Chakra's Field and Input are, on plain elements: Chakra's Field and Input are Ark's, whose
// field machinery (Zag's DOM helpers, ids and ARIA wiring for helper and error texts this form
// does not have) was ~5 kB gzip of every first visit. The label names the input by its id.
const field = createSlotRecipeContext({ key: "field" });
const FieldRoot = field.withProvider<HTMLDivElement, HTMLChakraProps<"div">>("div", "root");
const FieldLabel = field.withContext<HTMLLabelElement, HTMLChakraProps<"label">>("label", "label");
const Input = createRecipeContext({ key: "input" }).withContext<HTMLInputElement, HTMLChakraProps<"input"> & RecipeProps<"input">>("input");
const EMAIL_ID = "newsletter-email";

/** spec §2/§5 Home: an email input of type email and Subscribe. */
export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const { subscribe, loading } = useSubscribeNewsletter();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await subscribe(email.trim())) setEmail("");
  };

  return (
    <Box as="section" aria-labelledby="newsletter-title" py={{ base: "12", md: "16" }} bg="brand.800" color="white" css={ON_NAVY}>
      <Container maxW="2xl" px={{ base: "4", md: "6" }} textAlign="center">
        <Heading as="h2" id="newsletter-title" size={{ base: "2xl", md: "3xl" }} mb="2">
          Join the Opposition (Mailing List)
        </Heading>
        <Text color="gray.200" mb="6">
          New designs, the meme of the week and the occasional sale. No filibusters, unsubscribe any time.
        </Text>
        <form onSubmit={onSubmit}>
          <Stack direction={{ base: "column", sm: "row" }} gap="3" align={{ base: "stretch", sm: "end" }}>
            <FieldRoot flex="1">
              <FieldLabel htmlFor={EMAIL_ID} srOnly color="white">
                Email address
              </FieldLabel>
              <Input
                id={EMAIL_ID}
                type="email"
                name="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                bg="white"
                color="gray.900"
                borderColor="whiteAlpha.700"
                _placeholder={{ color: "gray.500" }}
                // Around the field rather than on its edge, where white would vanish into the white field.
                focusVisibleRing="outside"
                size="lg"
              />
            </FieldRoot>
            <Button type="submit" size="lg" bg="red.600" color="white" _hover={{ bg: "red.700" }} loading={loading}>
              Subscribe
            </Button>
          </Stack>
        </form>
      </Container>
    </Box>
  );
}
